import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the orders module's mails (an order placed, a sale, a package shipped, the ship-by reminder, a cancellation, a problem reported), in English and in Portuguese (pt-PT):
 * the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const orderMailTexts = mailTexts({
  en: {
    order: {
      subject: 'Your Preloved order {{number}}',
      thanks: 'Thank you for your order {{number}}, placed on {{date}}.',
      subtotal: 'Subtotal: {{amount}}',
      processing: 'Processing: {{amount}}',
      verification: 'Verification: {{amount}}',
      shipping: 'Shipping: {{amount}}',
      delivery: 'Delivery: {{amount}}',
      discount: 'Discount: -{{amount}}',
      total: 'Total: {{amount}}',
      toPickupPoint: 'Delivery to the pickup point {{name}}, {{address}}.',
      toAddress: 'Delivery to {{name}}, {{address}}.',
      nextOne: 'What happens next: the seller ships within 5 business days, by {{date}}. We send you the tracking number as soon as it is shipped.',
      nextMany: 'What happens next: each of the {{count}} sellers ships their package within 5 business days, by {{date}}. We send you the tracking number as soon as it is shipped.',
      claim: 'To follow this order in an account, create one with this e-mail address and open: {{link}}',
      follow: 'You can follow it at {{link}}',
    },
    sale: {
      subject: 'You sold {{what}} — ship by {{date}}',
      soldOne: 'Good news: a piece of yours has sold in order {{number}}.',
      soldMany: 'Good news: pieces of yours have sold in order {{number}}.',
      shipWithLabel: 'Please ship the package by {{date}} (5 business days). The shipping label is attached: print it and stick it on the package.',
      shipWithoutLabel: 'Please ship the package by {{date}} (5 business days). The shipping label could not be attached: ask for it again from your sales in your account.',
      markShipped: 'When it is on its way, mark the sale shipped with its tracking number in your account.',
      shipWithCarrierLabel: 'Please ship the package by {{date}} (5 business days). Its prepaid label is ready in your sales, in your account: download it, print it and stick it on the package.',
      carrierScans: 'Hand it to the carrier: the sale counts as shipped at its first scan, with no number to type.',
      viaHub: 'The package goes to our verification hub ({{hub}}), not to the buyer: we check each piece against its listing there and send it on. The label has the hub’s address.',
    },
    // A package on its way, to the buyer, one per package, with the pieces it holds.
    shipped: {
      subject: 'Your order {{number}} is on its way',
      subjectPackage: 'Part of your order {{number}} is on its way',
      whole: '{{seller}} has shipped your order {{number}}:',
      package: '{{seller}} has shipped their package of your order {{number}}:',
      tracking: 'Carrier: {{carrier}}. Tracking number: {{tracking}}.',
      follow: 'Follow it on the carrier’s page: {{link}}',
      others: 'The other sellers of this order ship their own packages; you get a mail for each.',
      order: 'Your order: {{link}}',
    },
    shipReminder: {
      subject: 'Reminder: ship order {{number}} by {{date}}',
      notShipped: 'Your sale in order {{number}} is not marked shipped yet. Please ship it by {{date}}.',
      deadline: 'If nothing of the order is shipped by then, the order is cancelled and the buyer refunded in full.',
      sales: 'Your sales, with the label and "Mark as shipped": {{link}}',
    },
    // An order cancelled before it shipped (orders/order-cancellation.ts), to the buyer and its sellers.
    cancellation: {
      subject: 'Order {{number}} is cancelled',
      buyer: 'Order {{number}} was cancelled at the buyer’s request.',
      seller: 'Order {{number}} was cancelled by the seller.',
      ship_by: 'Order {{number}} was cancelled because it was not shipped by its ship-by date.',
      refund: 'The buyer is refunded {{amount}} to the original payment method, and the sale’s credit is taken back from the seller’s wallet. Nothing needs to be shipped.',
      pieceSubject: 'Order {{number}}: a piece is cancelled',
      piece: 'The seller could not ship “{{title}}” of order {{number}} and cancelled it. The buyer is refunded {{amount}} to the original payment method, and the piece’s credit is taken back from the seller’s wallet.',
      pieceWasLast: 'It was the last piece of the order, so the order is cancelled.',
      pieceRestGoesOn: 'The rest of the order goes ahead as before.',
    },
    // The buyer's protection (orders/order-protection.ts): a reported problem, to its sellers and support, and its outcome.
    problem: {
      subject: 'A problem was reported with order {{number}}',
      reported: 'The buyer of order {{number}} reported a problem:',
      onHold: 'The money from this sale is on hold until our support team has looked into it. We will write to you.',
      forSupport: 'Buyer: {{email}}. Resolve it in the back office, under Disputes.',
      resolvedSubject: 'Order {{number}}: the problem is resolved',
      refunded: 'We have looked into the problem reported with order {{number}}: the buyer is refunded {{amount}} to their card, and the sale’s credit is taken back from the seller’s wallet.',
      released: 'We have looked into the problem reported with order {{number}}: the sale stands, and its credit is now available in the seller’s wallet.',
      partlyRefunded:
        'We have looked into the problem reported with order {{number}}: the buyer is refunded {{amount}} to their card for {{pieces}}; those pieces’ credit is taken back from the seller’s wallet, and the rest of the sale stands.',
      reason: 'Our team’s reason:',
    },
  },
  pt: {
    order: {
      subject: 'A sua encomenda Preloved {{number}}',
      thanks: 'Obrigado pela sua encomenda {{number}}, feita a {{date}}.',
      subtotal: 'Subtotal: {{amount}}',
      processing: 'Processamento: {{amount}}',
      verification: 'Verificação: {{amount}}',
      shipping: 'Envio: {{amount}}',
      delivery: 'Entrega: {{amount}}',
      discount: 'Desconto: -{{amount}}',
      total: 'Total: {{amount}}',
      toPickupPoint: 'Entrega no ponto de recolha {{name}}, {{address}}.',
      toAddress: 'Entrega a {{name}}, {{address}}.',
      nextOne: 'O que acontece a seguir: o vendedor envia em 5 dias úteis, até {{date}}. Enviamos-lhe o número de seguimento assim que a encomenda seguir.',
      nextMany: 'O que acontece a seguir: cada um dos {{count}} vendedores envia a sua embalagem em 5 dias úteis, até {{date}}. Enviamos-lhe o número de seguimento assim que seguir.',
      claim: 'Para acompanhar esta encomenda numa conta, crie uma com este endereço de e-mail e abra: {{link}}',
      follow: 'Pode acompanhá-la em {{link}}',
    },
    sale: {
      subject: 'Vendeu {{what}} — envie até {{date}}',
      soldOne: 'Boas notícias: uma peça sua foi vendida na encomenda {{number}}.',
      soldMany: 'Boas notícias: peças suas foram vendidas na encomenda {{number}}.',
      shipWithLabel: 'Envie a embalagem até {{date}} (5 dias úteis). A etiqueta de envio segue em anexo: imprima-a e cole-a na embalagem.',
      shipWithoutLabel: 'Envie a embalagem até {{date}} (5 dias úteis). Não foi possível anexar a etiqueta de envio: peça-a de novo nas suas vendas, na sua conta.',
      markShipped: 'Quando a embalagem seguir, marque a venda como enviada com o número de seguimento, na sua conta.',
      shipWithCarrierLabel: 'Envie a embalagem até {{date}} (5 dias úteis). A etiqueta pré-paga está pronta nas suas vendas, na sua conta: descarregue-a, imprima-a e cole-a na embalagem.',
      carrierScans: 'Entregue-a à transportadora: a venda conta como enviada no primeiro registo dela, sem número a escrever.',
      viaHub: 'O pacote vai para o nosso centro de verificação ({{hub}}), não para o comprador: aí verificamos cada peça face ao anúncio e enviamo-la. A etiqueta tem a morada do centro.',
    },
    shipped: {
      subject: 'A sua encomenda {{number}} está a caminho',
      subjectPackage: 'Parte da sua encomenda {{number}} está a caminho',
      whole: '{{seller}} enviou a sua encomenda {{number}}:',
      package: '{{seller}} enviou a sua embalagem da encomenda {{number}}:',
      tracking: 'Transportadora: {{carrier}}. Número de seguimento: {{tracking}}.',
      follow: 'Acompanhe-a na página da transportadora: {{link}}',
      others: 'Os outros vendedores desta encomenda enviam as suas próprias embalagens; recebe um e-mail por cada uma.',
      order: 'A sua encomenda: {{link}}',
    },
    shipReminder: {
      subject: 'Lembrete: envie a encomenda {{number}} até {{date}}',
      notShipped: 'A sua venda na encomenda {{number}} ainda não está marcada como enviada. Envie-a até {{date}}.',
      deadline: 'Se nada da encomenda for enviado até lá, a encomenda é cancelada e o comprador reembolsado na totalidade.',
      sales: 'As suas vendas, com a etiqueta e "Marcar como enviada": {{link}}',
    },
    cancellation: {
      subject: 'A encomenda {{number}} foi cancelada',
      buyer: 'A encomenda {{number}} foi cancelada a pedido do comprador.',
      seller: 'A encomenda {{number}} foi cancelada pelo vendedor.',
      ship_by: 'A encomenda {{number}} foi cancelada porque não foi enviada até à data limite de envio.',
      refund: 'O comprador é reembolsado de {{amount}} no meio de pagamento original, e o crédito da venda é retirado da carteira do vendedor. Não é preciso enviar nada.',
      pieceSubject: 'Encomenda {{number}}: um artigo foi cancelado',
      piece: 'O vendedor não pôde enviar “{{title}}” da encomenda {{number}} e cancelou-o. O comprador é reembolsado de {{amount}} no meio de pagamento original, e o crédito do artigo é retirado da carteira do vendedor.',
      pieceWasLast: 'Era o último artigo da encomenda, por isso a encomenda foi cancelada.',
      pieceRestGoesOn: 'O resto da encomenda segue como previsto.',
    },
    problem: {
      subject: 'Foi comunicado um problema com a encomenda {{number}}',
      reported: 'O comprador da encomenda {{number}} comunicou um problema:',
      onHold: 'O dinheiro desta venda fica retido até a nossa equipa de apoio analisar o caso. Vamos escrever-lhe.',
      forSupport: 'Comprador: {{email}}. Resolva-o no back office, em Disputas.',
      resolvedSubject: 'Encomenda {{number}}: o problema está resolvido',
      refunded: 'Analisámos o problema comunicado na encomenda {{number}}: o comprador é reembolsado de {{amount}} no cartão, e o crédito da venda é retirado da carteira do vendedor.',
      released: 'Analisámos o problema comunicado na encomenda {{number}}: a venda mantém-se, e o seu crédito está agora disponível na carteira do vendedor.',
      partlyRefunded:
        'Analisámos o problema comunicado na encomenda {{number}}: o comprador é reembolsado de {{amount}} no cartão por {{pieces}}; o crédito dessas peças é retirado da carteira do vendedor, e o resto da venda mantém-se.',
      reason: 'A razão da nossa equipa:',
    },
  },
});

/**
 * The words of the hub's check (orders/hub-verification.ts, VERIFICATION_MODE=hub): each state of a
 * package sent through the brand's hub, to its buyer and its seller, in English and Portuguese (pt-PT).
 */
export const hubMailTexts = mailTexts({
  en: {
    hub: {
      receivedSubject: 'Order {{number}}: at our hub, being checked',
      receivedBuyer: 'Your pieces from {{seller}} in order {{number}} have reached our verification hub. We are checking each one against its listing (photos, label, product code, condition) and write to you as soon as they are on their way to you.',
      receivedSeller: 'Your package of order {{number}} has reached our verification hub. We are checking each piece against its listing and write to you with the result.',
      passedSubject: 'Order {{number}}: checked and on its way',
      passedBuyer: 'Good news: {{pieces}} of order {{number}} passed our check against the listing and left our hub for you. Tracking number: {{tracking}}.',
      passedSeller: '{{pieces}} of your sale in order {{number}} passed our check and left our hub for the buyer. The credit is released once the buyer has it and the protection window has passed.',
      failedSubject: 'Order {{number}}: a piece did not pass our check',
      failedBuyer: '{{pieces}} of order {{number}} did not pass our check against the listing. You are refunded {{amount}} (the piece and its fees) to the original payment method; the piece goes back to its seller.',
      failedSeller: '{{pieces}} of your sale in order {{number}} did not pass our check against the listing. The buyer is refunded and the sale’s credit for it is taken back from your wallet. We send the piece back to you (tracking number: {{tracking}}).',
      report: 'Our team’s report:',
      lostSubject: 'Order {{number}}: the package did not reach our hub',
      lostBuyer: 'The package of order {{number}} from {{seller}} has not reached our verification hub {{days}} days after it was sent. You are refunded {{amount}} to the original payment method.',
      lostSeller: 'Your package of order {{number}} has not reached our verification hub {{days}} days after you sent it. The buyer is refunded and the sale’s credit is taken back from your wallet. If the carrier finds it, we send it back to you; with the carrier’s proof of posting, answer this mail and our support team will claim it from the carrier with you.',
      order: 'Your order: {{link}}',
      sales: 'Your sales: {{link}}',
    },
  },
  pt: {
    hub: {
      receivedSubject: 'Encomenda {{number}}: no nosso centro, em verificação',
      receivedBuyer: 'As suas peças de {{seller}} da encomenda {{number}} chegaram ao nosso centro de verificação. Estamos a verificar cada uma face ao anúncio (fotografias, etiqueta, código do produto, estado) e escrevemos-lhe assim que seguirem para si.',
      receivedSeller: 'O seu pacote da encomenda {{number}} chegou ao nosso centro de verificação. Estamos a verificar cada peça face ao anúncio e escrevemos-lhe com o resultado.',
      passedSubject: 'Encomenda {{number}}: verificada e a caminho',
      passedBuyer: 'Boas notícias: {{pieces}} da encomenda {{number}} passou a nossa verificação face ao anúncio e saiu do nosso centro para si. Número de seguimento: {{tracking}}.',
      passedSeller: '{{pieces}} da sua venda na encomenda {{number}} passou a nossa verificação e saiu do nosso centro para o comprador. O crédito fica disponível quando o comprador a receber e passar o período de proteção.',
      failedSubject: 'Encomenda {{number}}: uma peça não passou a nossa verificação',
      failedBuyer: '{{pieces}} da encomenda {{number}} não passou a nossa verificação face ao anúncio. É reembolsado de {{amount}} (a peça e as suas taxas) no meio de pagamento original; a peça volta para o vendedor.',
      failedSeller: '{{pieces}} da sua venda na encomenda {{number}} não passou a nossa verificação face ao anúncio. O comprador é reembolsado e o crédito da venda dessa peça é retirado da sua carteira. Devolvemos-lhe a peça (número de seguimento: {{tracking}}).',
      report: 'O relatório da nossa equipa:',
      lostSubject: 'Encomenda {{number}}: o pacote não chegou ao nosso centro',
      lostBuyer: 'O pacote da encomenda {{number}} de {{seller}} não chegou ao nosso centro de verificação {{days}} dias depois de enviado. É reembolsado de {{amount}} no meio de pagamento original.',
      lostSeller: 'O seu pacote da encomenda {{number}} não chegou ao nosso centro de verificação {{days}} dias depois de o enviar. O comprador é reembolsado e o crédito da venda é retirado da sua carteira. Se a transportadora o encontrar, devolvemos-lho; com o comprovativo de envio da transportadora, responda a este e-mail e a nossa equipa de apoio reclama-o à transportadora consigo.',
      order: 'A sua encomenda: {{link}}',
      sales: 'As suas vendas: {{link}}',
    },
  },
});
