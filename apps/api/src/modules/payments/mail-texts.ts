import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the payments module's mails (the payment provider's word (refunds, disputes)), in English, in Portuguese (pt-PT) and in Spanish (es-ES):
 * the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const paymentMailTexts = mailTexts({
  en: {
    // The payment provider's word is final (payments/provider-events.ts): a refund or a chargeback made at the provider.
    provider: {
      refundedSubject: 'Order {{number}}: a refund was made',
      refundedOrder: 'Order {{number}} was refunded in full through the payment provider ({{amount}}), so it is cancelled. The sale’s credit is taken back from the seller’s wallet. Nothing needs to be shipped.',
      refundedLines: '{{amount}} of order {{number}} was refunded through the payment provider, for: {{titles}}. Their credit is taken back from the seller’s wallet; the rest of the order goes ahead.',
      refundUnmatched: 'A refund of {{amount}} of order {{number}} was made at the payment provider that matches no piece of the order. Nothing was changed in the store: please look into it.',
      disputeSubject: 'Order {{number}}: the buyer’s bank disputes the payment',
      disputeOpened: 'The buyer’s bank disputes the payment of order {{number}} ({{amount}}). The sale’s credit that is not released yet is on hold until the dispute is decided.',
      disputeForSupport: 'Dispute {{dispute}}: answer it with the order’s evidence (tracking, messages) in the payment provider’s dashboard.',
      disputeClosedSubject: 'Order {{number}}: the dispute is decided',
      disputeWon: 'The dispute of order {{number}} was decided for the sale: its credit is available in the seller’s wallet.',
      disputeLost: 'The dispute of order {{number}} was decided for the buyer: their bank gave them {{amount}} back, and the sale’s credit is taken back from the seller’s wallet. If it was already paid out, the wallet owes it, and the next sales repay it.',
    },
  },
  pt: {
    provider: {
      refundedSubject: 'Encomenda {{number}}: foi feito um reembolso',
      refundedOrder: 'A encomenda {{number}} foi reembolsada na totalidade através do fornecedor de pagamentos ({{amount}}), por isso foi cancelada. O crédito da venda é retirado da carteira do vendedor. Não é preciso enviar nada.',
      refundedLines: 'Foram reembolsados {{amount}} da encomenda {{number}} através do fornecedor de pagamentos, por: {{titles}}. O crédito destes artigos é retirado da carteira do vendedor; o resto da encomenda segue como previsto.',
      refundUnmatched: 'Foi feito no fornecedor de pagamentos um reembolso de {{amount}} da encomenda {{number}} que não corresponde a nenhum artigo da encomenda. Nada foi alterado na loja: analise o caso.',
      disputeSubject: 'Encomenda {{number}}: o banco do comprador contesta o pagamento',
      disputeOpened: 'O banco do comprador contesta o pagamento da encomenda {{number}} ({{amount}}). O crédito da venda ainda não libertado fica retido até a contestação ser decidida.',
      disputeForSupport: 'Contestação {{dispute}}: responda com as provas da encomenda (seguimento, mensagens) no painel do fornecedor de pagamentos.',
      disputeClosedSubject: 'Encomenda {{number}}: a contestação foi decidida',
      disputeWon: 'A contestação da encomenda {{number}} foi decidida a favor da venda: o crédito está disponível na carteira do vendedor.',
      disputeLost: 'A contestação da encomenda {{number}} foi decidida a favor do comprador: o banco devolveu-lhe {{amount}}, e o crédito da venda é retirado da carteira do vendedor. Se já tinha sido pago, a carteira fica a dever esse valor, e as próximas vendas pagam-no.',
    },
  },
  es: {
    provider: {
      refundedSubject: 'Pedido {{number}}: se ha hecho un reembolso',
      refundedOrder: 'El pedido {{number}} se ha reembolsado íntegramente a través del proveedor de pagos ({{amount}}), así que se ha cancelado. El saldo de la venta se retira del monedero del vendedor. No hay que enviar nada.',
      refundedLines: 'Se han reembolsado {{amount}} del pedido {{number}} a través del proveedor de pagos, por: {{titles}}. El saldo de estos artículos se retira del monedero del vendedor; el resto del pedido sigue como estaba previsto.',
      refundUnmatched: 'En el proveedor de pagos se ha hecho un reembolso de {{amount}} del pedido {{number}} que no corresponde a ningún artículo del pedido. No se ha cambiado nada en la tienda: estudia el caso.',
      disputeSubject: 'Pedido {{number}}: el banco del comprador disputa el pago',
      disputeOpened: 'El banco del comprador disputa el pago del pedido {{number}} ({{amount}}). El saldo de la venta que aún no se ha liberado queda retenido hasta que se resuelva la disputa.',
      disputeForSupport: 'Disputa {{dispute}}: responde con las pruebas del pedido (seguimiento, mensajes) en el panel del proveedor de pagos.',
      disputeClosedSubject: 'Pedido {{number}}: la disputa se ha resuelto',
      disputeWon: 'La disputa del pedido {{number}} se ha resuelto a favor de la venta: el saldo está disponible en el monedero del vendedor.',
      disputeLost: 'La disputa del pedido {{number}} se ha resuelto a favor del comprador: el banco le ha devuelto {{amount}}, y el saldo de la venta se retira del monedero del vendedor. Si ya se había pagado, el monedero queda debiendo ese importe, y las próximas ventas lo pagan.',
    },
  },
});
