// /user/privacy — download my data, delete my account (GDPR), in English and Portuguese (composed into ../../i18n).
export const texts = {
  en: {
    title: 'Your data',
    intro: 'Download a copy of everything the store holds about you, or delete your account.',
    downloadTitle: 'Download my data',
    downloadIntro: 'A JSON file with your account, addresses, orders, sales, wallet, saved searches and more; your photos as links.',
    download: 'Download my data',
    downloaded: 'Your data has been downloaded.',
    deleteTitle: 'Delete my account',
    deleteIntro:
      'Your account, addresses, bag, wishlist, saved searches and notifications are erased and your listings withdrawn. Orders, invoices and your wallet’s history are kept for 10 years, as tax law asks, without your contact details.',
    delete: 'Delete my account',
    confirmIntro: 'This cannot be undone. Enter your password to confirm it is you.',
    password: 'Password',
    noPassword: 'Please enter your password.',
    confirm: 'Delete my account for good',
    cancel: 'Keep my account',
    deleted: 'Your account has been deleted and you are signed out. Thank you for shopping second-hand with us.',
  },
  pt: {
    title: 'Os seus dados',
    intro: 'Descarregue uma cópia de tudo o que a loja guarda sobre si, ou elimine a sua conta.',
    downloadTitle: 'Descarregar os meus dados',
    downloadIntro: 'Um ficheiro JSON com a sua conta, moradas, encomendas, vendas, carteira, pesquisas guardadas e mais; as suas fotos como ligações.',
    download: 'Descarregar os meus dados',
    downloaded: 'Os seus dados foram descarregados.',
    deleteTitle: 'Eliminar a minha conta',
    deleteIntro:
      'A sua conta, moradas, saco, lista de desejos, pesquisas guardadas e notificações são apagados e os seus anúncios retirados. Encomendas, faturas e o histórico da carteira são guardados durante 10 anos, como exige a lei fiscal, sem os seus contactos.',
    delete: 'Eliminar a minha conta',
    confirmIntro: 'Não é possível anular. Introduza a sua palavra-passe para confirmar que é você.',
    password: 'Palavra-passe',
    noPassword: 'Introduza a sua palavra-passe.',
    confirm: 'Eliminar a minha conta de vez',
    cancel: 'Manter a minha conta',
    deleted: 'A sua conta foi eliminada e a sessão terminada. Obrigado por comprar em segunda mão connosco.',
  },
};
