import type { CommonResources } from './common.en';

const pt: CommonResources = {
  validation: {
    no_email: 'Por favor, introduza o seu endereço de email.',
    invalid_email: 'Endereço de email inválido.',
    no_password: 'Por favor, introduza a sua palavra-passe.',
    password_rules:
      'Use 8 a 30 caracteres, com pelo menos uma letra minúscula, uma maiúscula, um número e um carácter especial.',
    password_not_match: 'A palavra-passe não coincide.',
    no_name: 'Por favor, introduza o seu nome.',
    too_long: 'Use no máximo 50 caracteres.',
    incorret_combination: 'Combinação incorreta de nome de utilizador e palavra-passe',
    no_first_name: 'Por favor, introduza o seu primeiro nome.',
    no_last_name: 'Por favor, introduza o seu apelido.',
    no_phone: 'Por favor, introduza o seu número de telefone.',
    no_iban: 'Por favor, introduza o seu IBAN.',
    no_current_password: 'Por favor, introduza a sua palavra-passe atual.',
    no_new_password: 'Por favor, introduza uma nova palavra-passe.',
    no_confirm_password: 'Por favor, confirme a nova palavra-passe.',
    no_address: 'Por favor, introduza a sua morada.',
    no_zip: 'Por favor, introduza o código postal.',
    no_city: 'Por favor, introduza a sua cidade.',
    no_country: 'Por favor, escolha o seu país.',
    no_zip_or_country: 'Por favor, introduza o código postal ou o país.',
    no_discount_code: 'Por favor, introduza um código de desconto válido.',
    invalid_discount_code: 'O código de desconto não é válido.',
    no_delivery_option: 'Por favor, escolha uma opção de entrega.',
    no_delivery_address: 'Por favor, adicione uma morada de entrega.',
  },
  errors: {
    unexpected: 'Unexpected Application Error!',
    remoteFailed: 'Não foi possível carregar esta parte da loja.',
    retry: 'Tentar novamente',
    backHome: 'Voltar à página inicial',
    network: 'Não conseguimos contactar a loja. Verifique a ligação e tente novamente.',
  },
  common: {
    loading: 'A carregar…',
    close: 'Fechar',
    back: 'Voltar',
    comingSoon: 'Brevemente',
    comingSoonText: 'Esta parte da loja está a ser construída. Entretanto, veja o que já cá está.',
    browseAll: 'Ver todos os artigos',
  },
};
export default pt;
