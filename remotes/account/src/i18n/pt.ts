import type { AccountResources } from './en';

const pt: AccountResources = {
  details: {
    title: 'Dados pessoais',
    intro: 'O nome e o e-mail da sua conta de segunda mão.',
    firstName: 'Nome próprio',
    lastName: 'Apelido',
    email: 'Endereço de e-mail',
    save: 'Guardar alterações',
    saved: 'Os seus dados foram guardados.',
    savedEmail: 'Os seus dados foram guardados. A sessão terminou nos outros dispositivos e avisámos o seu endereço anterior.',
    currentPassword: 'Palavra-passe atual',
    currentPasswordHint: 'Para alterar o seu endereço de e-mail, introduza a sua palavra-passe atual.',
    memberSince: 'Membro desde {{date}}',
    verified: 'Vendedor verificado',
  },
  security: {
    title: 'Segurança',
    intro: 'Altere a palavra-passe da sua conta de segunda mão. A sessão termina nos outros dispositivos onde a tenha iniciado.',
    currentPassword: 'Palavra-passe atual',
    newPassword: 'Nova palavra-passe',
    confirmPassword: 'Confirmar nova palavra-passe',
    save: 'Alterar palavra-passe',
    saved: 'A sua palavra-passe foi alterada.',
  },
  errors: {
    current_password_wrong: 'A palavra-passe atual não está correta.',
    tooManyAttempts_one: 'Demasiadas tentativas. Tente novamente dentro de {{count}} minuto.',
    tooManyAttempts_other: 'Demasiadas tentativas. Tente novamente dentro de {{count}} minutos.',
    generic: 'Algo correu mal. Tente novamente.',
  },
  standalone: {
    title: 'Páginas da conta (autónomas)',
    signIn: 'Iniciar sessão',
    signOut: 'Terminar sessão',
    email: 'Endereço de e-mail',
    password: 'Palavra-passe',
    failed: 'Não foi possível iniciar sessão.',
    pages: 'Páginas da conta',
  },
};
export default pt;
