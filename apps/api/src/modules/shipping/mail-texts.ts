import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of the shipping module's mails (the shipping label), in English, in Portuguese (pt-PT) and in Spanish (es-ES):
 * the same keys and placeholders in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const labelMailTexts = mailTexts({
  en: {
    // The shipping label PDF attached to a sale mail (orders/shipping-label.ts), in the seller's language.
    label: {
      title: 'Shipping label {{number}}-{{package}}',
      order: 'Order {{number}} · package {{package}}',
      shipBy: 'Ship by {{date}}',
      deliverTo: 'DELIVER TO',
      pickupPoint: 'Pickup point: {{name}}',
      carrier: 'Ship with {{carrier}}',
      phone: 'Phone {{phone}}',
      from: 'From: {{name}} (Preloved seller)',
      contents: 'Contents:',
      more: 'and {{count}} more',
    },
  },
  pt: {
    label: {
      title: 'Etiqueta de envio {{number}}-{{package}}',
      order: 'Encomenda {{number}} · pacote {{package}}',
      shipBy: 'Enviar até {{date}}',
      deliverTo: 'ENTREGAR A',
      pickupPoint: 'Ponto de recolha: {{name}}',
      carrier: 'Enviar por {{carrier}}',
      phone: 'Telefone {{phone}}',
      from: 'De: {{name}} (vendedor Preloved)',
      contents: 'Conteúdo:',
      more: 'e mais {{count}}',
    },
  },
  es: {
    label: {
      title: 'Etiqueta de envío {{number}}-{{package}}',
      order: 'Pedido {{number}} · paquete {{package}}',
      shipBy: 'Enviar antes del {{date}}',
      deliverTo: 'ENTREGAR A',
      pickupPoint: 'Punto de recogida: {{name}}',
      carrier: 'Enviar con {{carrier}}',
      phone: 'Teléfono {{phone}}',
      from: 'De: {{name}} (vendedor de Preloved)',
      contents: 'Contenido:',
      more: 'y {{count}} más',
    },
  },
});
