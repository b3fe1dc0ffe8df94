import { mailTexts } from '../../core/mail/mail-texts';

/**
 * The words of notice and action's mails (a report's acknowledgement and outcome, the seller's statement
 * of reasons, a contest's answer), in English and in Portuguese (pt-PT): the same keys and placeholders
 * in both (the typecheck and modules/mail-texts.test.ts check).
 */
export const reportsMailTexts = mailTexts({
  en: {
    reports: {
      ackSubject: 'We received your report {{reference}}',
      ack: 'Thank you: we received your report {{reference}} about {{what}} ({{reason}}). A person of the brand’s team will look at it, and we will tell you what we decided.',
      outcomeSubject: 'Your report {{reference}}: our decision',
      dismissed: 'We looked at your report {{reference}} about {{what}} and found nothing against our rules or the law, so we took no action.',
      actioned: 'We looked at your report {{reference}} about {{what}} and acted on it: {{action}}.',
      aListing: 'the piece {{title}}',
      aSeller: 'a seller',
      action: {
        dismiss: 'no action',
        remove: 'the piece was removed from the store',
        hide: 'the piece was hidden from shoppers',
        restrict: 'the seller’s selling was restricted',
      },
      reasons: {
        counterfeit: 'it appears to be counterfeit',
        prohibited_item: 'it is an item the store does not allow',
        stolen: 'it appears to be stolen',
        misleading_description: 'its description is misleading',
        offensive_content: 'its content is offensive',
        personal_data: 'it shows someone’s personal data',
        other: 'another reason, in the moderator’s words below',
      },
      statementSubject: 'A moderation decision on your account: {{action}}',
      decided: 'We decided: {{action}}{{on}}.',
      onListing: ', for your listing {{number}} "{{title}}"',
      ground: 'The ground: {{reason}}.',
      note: 'The facts, in the moderator’s words: {{note}}',
      facts: 'We acted on a report made to us by someone else. A person of the brand’s team took this decision; no automated means decided it.',
      restricted: 'While the restriction lasts, your pieces are not shown to shoppers and you cannot list new ones.',
      contest: 'If you think it is wrong, you can contest it within six months on this page; someone who did not take the decision will look at it again:',
      otherRoutes: 'You may also turn to a certified out-of-court dispute settlement body or to the courts.',
      answerSubject: 'Your contest of our decision: {{outcome}}',
      upheld: 'We looked again at our decision ({{action}}) as you asked, and we keep it.',
      reversed: 'We looked again at our decision ({{action}}) as you asked, and we reversed it: everything it changed is as it was before.',
      answer: 'The reviewer’s words: {{answer}}',
      outcome: { upheld: 'decision kept', reversed: 'decision reversed' },
    },
  },
  pt: {
    reports: {
      ackSubject: 'Recebemos a sua denúncia {{reference}}',
      ack: 'Obrigado: recebemos a sua denúncia {{reference}} sobre {{what}} ({{reason}}). Uma pessoa da equipa da marca vai analisá-la, e vamos dizer-lhe o que decidimos.',
      outcomeSubject: 'A sua denúncia {{reference}}: a nossa decisão',
      dismissed: 'Analisámos a sua denúncia {{reference}} sobre {{what}} e não encontrámos nada contra as nossas regras ou a lei, por isso não tomámos nenhuma medida.',
      actioned: 'Analisámos a sua denúncia {{reference}} sobre {{what}} e agimos: {{action}}.',
      aListing: 'a peça {{title}}',
      aSeller: 'um vendedor',
      action: {
        dismiss: 'nenhuma medida',
        remove: 'a peça foi retirada da loja',
        hide: 'a peça foi ocultada aos clientes',
        restrict: 'as vendas do vendedor foram restringidas',
      },
      reasons: {
        counterfeit: 'parece ser contrafeita',
        prohibited_item: 'é um artigo que a loja não permite',
        stolen: 'parece ser roubada',
        misleading_description: 'a descrição é enganosa',
        offensive_content: 'o conteúdo é ofensivo',
        personal_data: 'mostra dados pessoais de alguém',
        other: 'outro motivo, nas palavras de quem moderou abaixo',
      },
      statementSubject: 'Uma decisão de moderação sobre a sua conta: {{action}}',
      decided: 'Decidimos: {{action}}{{on}}.',
      onListing: ', no seu artigo {{number}} "{{title}}"',
      ground: 'O fundamento: {{reason}}.',
      note: 'Os factos, nas palavras de quem moderou: {{note}}',
      facts: 'Agimos com base numa denúncia que outra pessoa nos fez. Uma pessoa da equipa da marca tomou esta decisão; não foi decidida por meios automáticos.',
      restricted: 'Enquanto a restrição durar, as suas peças não são mostradas aos clientes e não pode pôr novas à venda.',
      contest: 'Se acha que está errada, pode contestá-la nos próximos seis meses nesta página; alguém que não tomou a decisão vai revê-la:',
      otherRoutes: 'Pode também recorrer a um organismo certificado de resolução extrajudicial de litígios ou aos tribunais.',
      answerSubject: 'A sua contestação da nossa decisão: {{outcome}}',
      upheld: 'Revimos a nossa decisão ({{action}}) como pediu, e mantemo-la.',
      reversed: 'Revimos a nossa decisão ({{action}}) como pediu, e revertemo-la: tudo o que ela mudou voltou a estar como antes.',
      answer: 'As palavras de quem reviu: {{answer}}',
      outcome: { upheld: 'decisão mantida', reversed: 'decisão revertida' },
    },
  },
});
