import type { InfoResources } from './content.en';

// Same shape and the same `id`s as the English texts: the ids are anchors shared by both languages.
const pt: InfoResources = {
  documentTitle: '{{title}} — Preloved',
  pages: {
    about: {
      title: 'Sobre a Preloved',
      lead:
        'A Preloved é a loja de segunda mão dentro da nossa loja principal: peças da nossa marca, compradas e usadas pelos nossos clientes, prontas para o próximo guarda-roupa.',
      sections: [
        {
          id: 'how-it-works',
          heading: 'Peças com história, vendidas por quem as usou',
          paragraphs: [
            'Tudo o que aqui encontra foi feito por nós. Quando um cliente deixa de usar uma peça, anuncia-a aqui com as suas próprias fotografias, uma descrição honesta do estado e um preço. Quando a peça é vendida, envia-a diretamente ao comprador, com uma etiqueta pré-paga que nós fornecemos.',
            'Cada anúncio indica quem está a vender: “Anunciado por”, seguido do primeiro nome do vendedor. Só mostramos o primeiro nome; o apelido, a morada e os contactos ficam privados.',
          ],
          paragraphs_checked: [
            'Tudo o que aqui encontra foi feito por nós. Quando um cliente deixa de usar uma peça, anuncia-a aqui com as suas próprias fotografias, uma descrição honesta do estado e um preço. Quando a peça é vendida, envia-a para o nosso centro com uma etiqueta pré-paga que nós fornecemos; aí verificamos a peça face ao anúncio e enviamo-la ao comprador.',
            'Cada anúncio indica quem está a vender: “Anunciado por”, seguido do primeiro nome do vendedor. Só mostramos o primeiro nome; o apelido, a morada e os contactos ficam privados.',
          ],
        },
        {
          id: 'verified-seller',
          heading: 'A nossa conta verificada',
          paragraphs: [
            'Algumas peças são anunciadas pela própria marca: amostras, peças únicas de sessões fotográficas e artigos do nosso arquivo. Vêm da nossa conta de amostras, identificada com o selo Verificado.',
          ],
          paragraphs_checked: [
            'Algumas peças são anunciadas pela própria marca: amostras, peças únicas de sessões fotográficas e artigos do nosso arquivo. Vêm da nossa conta de amostras, identificada com o selo Verificado, e cada uma é revista pela nossa equipa antes de ser posta à venda.',
          ],
        },
        {
          id: 'why-second-hand',
          heading: 'Porquê segunda mão',
          paragraphs: [
            'O que a investigação mediu, e o que não afirmamos. Um estudo com mais de 200 clientes de lojas de segunda mão na Suécia e na Estónia concluiu que cada 100 peças de segunda mão compradas substituíram entre 60 e 85 peças novas, e a sua avaliação do ciclo de vida concluiu que reutilizar 100 t-shirts de algodão em vez de as incinerar reduziu o seu impacto no aquecimento global em 14 % (L. Farrant, S. I. Olsen e A. Wangel, “Environmental benefits from reusing clothes”, The International Journal of Life Cycle Assessment 15, 726–736, 2010). Não medimos com que frequência uma compra aqui substitui uma peça nova, por isso não indicamos nenhuma poupança para a sua compra nem para esta loja.',
            'Desenhamos a nossa roupa para durar, e uma loja de revenda é a forma de garantir que dura mesmo. Mantém as nossas peças em circulação em vez de esquecidas no fundo do armário, dá a quem vende algum retorno pelo que já não usa e permite que mais pessoas usem a marca a um preço mais justo.',
          ],
        },
        {
          id: 'good-to-know',
          heading: 'Bom saber',
          paragraphs: [
            'A Preloved tem conta, saco de compras e checkout próprios, separados da nossa loja principal. Uma compra aqui é uma venda entre dois clientes: nós gerimos o marketplace, recebemos o pagamento, enviamos a etiqueta de envio e intervimos se algo correr mal.',
            'As perguntas frequentes explicam como funcionam as compras, as ofertas, as vendas e os pagamentos, e os termos e condições descrevem as regras por inteiro.',
          ],
        },
      ],
    },
    shipping: {
      title: 'Envio e entrega',
      lead:
        'Cada artigo segue diretamente do vendedor para si. Eis o que acontece entre o momento em que paga e o momento em que a encomenda lhe chega às mãos.',
      sections: [
        {
          id: 'after-the-sale',
          heading: 'Depois da venda',
          paragraphs: [
            'Assim que um artigo é vendido, enviamos ao vendedor, por e-mail, uma etiqueta de envio pré-paga. O vendedor embala o artigo, cola a etiqueta e entrega a encomenda à transportadora no prazo de 5 dias úteis após a venda.',
            'Se o e-mail se perder, o vendedor pode voltar a enviar a etiqueta a partir do anúncio, na sua conta.',
          ],
        },
        {
          id: 'tracking',
          heading: 'Acompanhar a encomenda',
          paragraphs: [
            'Quando a transportadora recolhe o volume, o número de seguimento aparece na sua encomenda, juntamente com quem a enviou e a data de entrega prevista. Com sessão iniciada, encontra-a em A minha conta → Encomendas.',
          ],
        },
        {
          id: 'delivery-times',
          heading: 'Prazos de entrega',
          paragraphs: [
            'Depois de expedida, a encomenda demora normalmente 1 a 3 dias úteis em Portugal continental, 3 a 5 dias úteis para a Madeira e os Açores e 2 a 5 dias úteis para Espanha. Enviamos para Portugal e Espanha; o checkout indica ambos.',
            'Somando os 5 dias úteis que o vendedor tem para enviar, conte com até cerca de duas semanas no total. Estes prazos são estimativas das transportadoras e podem ser mais longos em alturas de feriados.',
          ],
        },
        {
          id: 'shipping-costs',
          heading: 'Portes de envio',
          paragraphs: [
            'Os portes são pagos pelo comprador. O valor depende do destino e da opção de entrega que escolher, entrega em casa ou levantamento num ponto de recolha, quando existir, e aparece numa linha própria no checkout, antes de pagar. Não há nada a pagar no momento da entrega.',
            'O vendedor nunca paga a etiqueta: o custo está coberto pelos portes pagos pelo comprador.',
          ],
        },
        {
          id: 'late-shipping',
          heading: 'Se o vendedor não enviar a tempo',
          paragraphs: [
            'Se a encomenda não for entregue à transportadora no prazo de 5 dias úteis após a venda, é cancelada e o valor é-lhe devolvido na totalidade, portes incluídos, pelo meio de pagamento que usou. Consoante o seu banco, o reembolso pode levar até 10 dias úteis a aparecer.',
          ],
        },
        {
          id: 'problems',
          heading: 'Encomenda perdida, danificada ou diferente do anunciado',
          paragraphs: [
            'Se a encomenda não chegar, chegar danificada ou o artigo não corresponder ao anúncio, abra uma reclamação no prazo de 2 dias após a entrega, a partir da sua encomenda ou escrevendo para help@preloved.example. As perguntas frequentes explicam como funcionam as reclamações.',
          ],
        },
      ],
    },
    faqs: {
      title: 'Perguntas frequentes',
      lead:
        'Respostas rápidas sobre compras, ofertas, vendas e pagamentos. Se não encontrar a sua pergunta, escreva-nos para help@preloved.example.',
      topics: [
        {
          id: 'buying',
          heading: 'Comprar',
          questions: [
            {
              id: 'how-to-buy',
              question: 'Como compro um artigo?',
              answer: [
                'Escolha a peça e o tamanho que quer e adicione-a ao saco. Cada artigo é único, por isso continua disponível para todos até alguém o pagar. Quando estiver pronto, avance para o checkout, indique uma morada de entrega, escolha a opção de entrega e pague.',
              ],
            },
            {
              id: 'guest-checkout',
              question: 'Posso comprar sem criar conta?',
              answer: [
                'Sim. Ao avançar para o checkout, escolha “Continuar como convidado” e preencha o e-mail, a morada de entrega e os dados de pagamento. Só precisa de conta para fazer ofertas, guardar favoritos, acompanhar todas as encomendas num só sítio e vender.',
              ],
            },
            {
              id: 'sizes',
              question: 'Como servem os tamanhos?',
              answer: [
                'Os anúncios mostram o tamanho da etiqueta original, por isso vale o guia de tamanhos da nossa loja principal. Se uma peça foi ajustada ou veste de outra forma depois de lavada, o vendedor indica-o na descrição.',
                'Em caso de dúvida, compare as medidas com uma peça semelhante que já tenha antes de comprar: os artigos em segunda mão não podem ser devolvidos por não servirem.',
              ],
            },
            {
              id: 'conditions',
              question: 'O que significam os estados dos artigos?',
              answer: [
                'Novo com etiqueta: nunca usado, com as etiquetas originais.',
                'Como novo: usado uma ou duas vezes, sem sinais de uso.',
                'Muito bom: pouco usado, sem defeitos dignos de nota.',
                'Bom: usado com carinho, com pequenos sinais de uso descritos pelo vendedor.',
                'Razoável: desgaste visível ou um pequeno defeito, refletidos no preço.',
              ],
            },
          ],
        },
        {
          id: 'offers-and-prices',
          heading: 'Ofertas e preços',
          questions: [
            {
              id: 'offers',
              question: 'Como funcionam as ofertas?',
              answer: [
                'Com sessão iniciada, pode oferecer ao vendedor entre 50% e 99% do preço de um artigo. O vendedor tem 48 horas para aceitar ou recusar; se não fizer nenhuma das duas coisas, a oferta expira.',
                'Se o vendedor aceitar, tem 24 horas para comprar o artigo pelo preço que ofereceu; o saco mostra quanto tempo falta. Depois disso a oferta expira e o artigo volta a estar à venda pelo preço anunciado. As suas ofertas estão em A minha conta → Ofertas.',
              ],
            },
            {
              id: 'smart-pricing',
              question: 'O que é o preço inteligente?',
              answer: [
                'O preço inteligente ajuda um artigo a vender-se baixando o preço aos poucos. Quando o vendedor o ativa, o preço desce 10% sete dias depois de o artigo ser anunciado, e de novo a cada 7 dias, até chegar ao preço mínimo definido pelo vendedor ou até o artigo ser vendido.',
                'O vendedor pode desativar o preço inteligente ou alterar o preço mínimo a qualquer momento, a partir do anúncio.',
              ],
            },
          ],
        },
        {
          id: 'selling',
          heading: 'Vender',
          questions: [
            {
              id: 'how-to-sell',
              question: 'Como vendo um artigo?',
              answer: [
                'Inicie sessão e escolha “Vender um artigo”. Procure a peça no nosso catálogo para que os dados fiquem preenchidos automaticamente e acrescente o tamanho, o estado, uma breve descrição e 2 a 4 fotografias tiradas com boa luz. Defina um preço entre 5 € e 5000 €: sugerimos um com base no preço original, e o anúncio mostra quanto vai receber quando a peça for vendida.',
                'Na primeira venda, pedimos-lhe também os dados de que precisamos para lhe pagar.',
              ],
            },
            {
              id: 'item-sold',
              question: 'Vendi um artigo. E agora?',
              answer: [
                'Enviamos-lhe por e-mail uma etiqueta de envio pré-paga. Embale o artigo com cuidado, cole a etiqueta e entregue a encomenda à transportadora no prazo de 5 dias úteis após a venda. Se não a enviar a tempo, a encomenda é cancelada e o comprador é reembolsado na totalidade.',
              ],
            },
          ],
        },
        {
          id: 'wallet-and-payouts',
          heading: 'Carteira e pagamentos',
          questions: [
            {
              id: 'wallet',
              question: 'Como recebo o dinheiro?',
              answer: [
                'O valor de cada venda vai para a sua carteira, em A minha conta → Carteira, onde cada movimento aparece com a data e o estado. Depois, escolhe o que fazer com o saldo:',
                'Transferência bancária: transferimos para o seu IBAN e recebe 97% do valor que transferir. Os restantes 3% cobrem as taxas da transação e aparecem numa linha própria na carteira.',
                'Código de desconto: converta o saldo num código com 100% do valor. O código só pode ser usado na nossa loja principal, não na loja de segunda mão.',
              ],
            },
          ],
        },
        {
          id: 'returns-and-claims',
          heading: 'Devoluções e reclamações',
          questions: [
            {
              id: 'returns',
              question: 'Posso devolver um artigo?',
              answer: [
                'Os artigos em segunda mão são venda final: não podem ser devolvidos por ter mudado de ideias nem por não servirem. A exceção é um artigo que não corresponda ao anúncio, por exemplo uma peça ou um tamanho diferentes, ou danos que o anúncio não referia.',
                'Nesse caso, abra uma reclamação no prazo de 2 dias após a entrega, a partir da sua encomenda ou escrevendo para help@preloved.example, com fotografias do artigo. Se aceitarmos a reclamação, enviamos-lhe uma etiqueta para devolver o artigo e reembolsamo-lo na totalidade.',
                'A política de devoluções da nossa loja principal aplica-se apenas às peças compradas na loja principal.',
              ],
            },
          ],
        },
        {
          id: 'your-account',
          heading: 'A sua conta',
          questions: [
            {
              id: 'separate-account',
              question: 'A minha conta Preloved é a mesma da loja principal?',
              answer: [
                'Não. A loja de segunda mão tem uma conta própria, com palavra-passe própria, separada da sua conta na nossa loja principal. As encomendas, ofertas, anúncios e a carteira ficam na sua conta Preloved. Pode usar o mesmo e-mail nas duas.',
              ],
            },
          ],
        },
      ],
    },
    terms: {
      title: 'Termos e condições',
      updated: 'Última atualização: 1 de novembro de 2026',
      lead:
        'Estes termos aplicam-se a todos os que compram ou vendem na Preloved, a loja de segunda mão dentro da nossa loja principal. Ao criar uma conta, anunciar um artigo ou fazer uma encomenda, está a aceitá-los.',
      sections: [
        {
          id: 'our-role',
          heading: '1. O nosso papel',
          paragraphs: [
            'A Preloved é um marketplace. Os artigos são vendidos pelos clientes que os anunciam, e cada venda é um contrato entre o comprador e o vendedor. Nós gerimos a loja: publicamos os anúncios, recebemos os pagamentos em nome do vendedor, fornecemos as etiquetas de envio, tratamos das reclamações e pagamos aos vendedores. Só somos o vendedor dos artigos anunciados pela nossa conta verificada.',
            'A maioria dos vendedores são particulares, não profissionais, pelo que os direitos que a lei do consumidor dá perante um profissional, como o direito de livre resolução no prazo de 14 dias, não se aplicam aos seus artigos. A proteção de que o comprador dispõe é a descrita nestes termos.',
          ],
        },
        {
          id: 'accounts',
          heading: '2. Contas',
          paragraphs: [
            'A sua conta Preloved é independente de qualquer conta que tenha na nossa loja principal. Não partilhe a palavra-passe: é responsável pelo que for feito com a sua conta. Pode comprar como convidado; para fazer ofertas ou vender precisa de uma conta, e tem de ter pelo menos 18 anos para vender.',
          ],
        },
        {
          id: 'sellers',
          heading: '3. Obrigações do vendedor',
          paragraphs: [
            'Só pode anunciar artigos da nossa marca que sejam seus e que possa vender livremente. Descreva cada um com honestidade, com o tamanho e o estado corretos, todos os defeitos de que tenha conhecimento e 2 a 4 fotografias do próprio artigo. Os preços têm de estar entre 5 € e 5000 €.',
            'Depois de vender um artigo, envie-o no prazo de 5 dias úteis com a etiqueta pré-paga que lhe enviamos por e-mail, embalado de forma a chegar tal como foi descrito. Se não o enviar a tempo, a venda é cancelada e o comprador reembolsado. Atrasos repetidos ou artigos que não correspondam ao anúncio podem levar-nos a ocultar os seus anúncios ou a encerrar a sua conta.',
          ],
        },
        {
          id: 'buyers',
          heading: '4. Obrigações do comprador',
          paragraphs: [
            'Indique uma morada de entrega correta e pague o valor total no checkout. Verifique a encomenda quando a receber: se o artigo não corresponder ao anúncio, abra uma reclamação no prazo de 2 dias após a entrega. Findo esse prazo, a venda é definitiva. Os artigos em segunda mão não podem ser devolvidos por mudança de ideias nem por não servirem.',
          ],
        },
        {
          id: 'fees',
          heading: '5. Preços e taxas',
          paragraphs: [
            'Os preços são em euros. Antes de pagar, o checkout mostra cada valor numa linha própria: o preço do artigo, uma taxa de processamento do pagamento, os portes de envio, a opção de entrega escolhida e qualquer desconto. O total apresentado é o total que paga.',
          ],
          paragraphs_checked: [
            'Os preços são em euros. Antes de pagar, o checkout mostra cada valor numa linha própria: o preço do artigo, uma taxa de processamento do pagamento, uma taxa de verificação quando o artigo é verificado por nós, os portes de envio, a opção de entrega escolhida e qualquer desconto. O total apresentado é o total que paga.',
          ],
        },
        {
          id: 'offers',
          heading: '6. Ofertas e preço inteligente',
          paragraphs: [
            'As ofertas têm de estar entre 50% e 99% do preço anunciado. O vendedor tem 48 horas para aceitar ou recusar uma oferta; depois de aceite, o comprador tem 24 horas para comprar por esse preço. As ofertas sem resposta ou não aproveitadas a tempo expiram.',
            'O vendedor que ativa o preço inteligente aceita que, a partir de 7 dias após o anúncio, o preço desça 10% a cada 7 dias, até chegar ao seu preço mínimo ou até o artigo ser vendido.',
          ],
        },
        {
          id: 'payouts',
          heading: '7. Pagamentos ao vendedor',
          paragraphs: [
            'Recebemos o pagamento em nome do vendedor e creditamos o valor da venda na sua carteira. O vendedor pode transferir o saldo para uma conta bancária em seu nome, recebendo 97% do valor devido às taxas da transação, ou convertê-lo num código de desconto com 100% do valor, válido apenas na nossa loja principal e não na loja de segunda mão. Podemos reter o valor de uma encomenda enquanto houver uma reclamação aberta sobre ela.',
          ],
        },
        {
          id: 'prohibited-items',
          heading: '8. Artigos proibidos',
          paragraphs: [
            'Só podem ser anunciados artigos da nossa marca. Não são permitidas contrafações, artigos roubados, artigos retirados do mercado ou perigosos, roupa interior usada nem nada cuja venda seja ilegal. Podemos remover, sem aviso prévio, qualquer anúncio que não cumpra estas regras.',
          ],
        },
        {
          id: 'liability',
          heading: '9. Responsabilidade',
          paragraphs: [
            'Analisamos as reclamações com cuidado, mas os anúncios são escritos pelos vendedores e não respondemos pelas suas descrições para além dos reembolsos previstos nestes termos. Nada nestes termos limita a responsabilidade que a lei não permite limitar, como em caso de fraude ou negligência grave, nem os seus direitos enquanto consumidor.',
          ],
          paragraphs_checked: [
            'Verificamos cada peça vendida face ao seu anúncio (a taxa de verificação paga essa verificação) e analisamos as reclamações com cuidado, mas os anúncios são escritos pelos vendedores e não respondemos pelas suas descrições para além dos reembolsos previstos nestes termos. Nada nestes termos limita a responsabilidade que a lei não permite limitar, como em caso de fraude ou negligência grave, nem os seus direitos enquanto consumidor.',
          ],
        },
        {
          id: 'changes',
          heading: '10. Alterações a estes termos',
          paragraphs: [
            'Podemos atualizar estes termos; a data no topo indica a versão em vigor. Avisamos por e-mail das alterações relevantes antes de entrarem em vigor. As encomendas e ofertas seguem os termos em vigor no momento em que foram feitas.',
          ],
        },
        {
          id: 'governing-law',
          heading: '11. Lei aplicável e litígios',
          paragraphs: [
            'Estes termos regem-se pela lei portuguesa. Se for consumidor, mantém a proteção das normas imperativas do seu país de residência. Os litígios podem também ser levados a um centro de arbitragem de conflitos de consumo, indicados no Portal do Consumidor (www.consumidor.gov.pt), e pode apresentar reclamações no Livro de Reclamações Eletrónico (www.livroreclamacoes.pt).',
          ],
        },
        {
          id: 'contact',
          heading: '12. Contacto',
          paragraphs: [
            'Para questões sobre estes termos, uma encomenda ou uma reclamação, escreva para help@preloved.example. Respondemos no prazo de 2 dias úteis.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Política de privacidade',
      updated: 'Última atualização: 1 de novembro de 2026',
      lead:
        'Esta política explica que dados pessoais a loja de segunda mão recolhe, para que os usamos e que escolhas tem, nos termos do Regulamento Geral sobre a Proteção de Dados (RGPD).',
      sections: [
        {
          id: 'controller',
          heading: '1. Responsável pelo tratamento',
          paragraphs: [
            'O responsável pelo tratamento dos seus dados pessoais é a Preloved, a marca que gere esta loja de segunda mão como parte da sua loja principal. A loja funciona na plataforma Preloved Commerce, que trata os dados apenas segundo as nossas instruções.',
            'Para qualquer assunto relacionado com os seus dados, escreva para privacy@preloved.example.',
          ],
        },
        {
          id: 'data-we-collect',
          heading: '2. Que dados recolhemos',
          paragraphs: [
            'Conta: o nome, o e-mail e a palavra-passe, que guardamos apenas numa forma que não permite recuperá-la. Se vender, também o número de telemóvel e o IBAN para onde lhe pagamos.',
            'Encomendas, ofertas e anúncios: o que compra, vende e oferece, com preços e datas, as fotografias e descrições que publica e o que nos diz numa reclamação.',
            'Moradas: as moradas de entrega e de faturação que guarda ou indica no checkout.',
            'Pagamentos: os dados do cartão e de outros meios de pagamento são introduzidos junto do nosso prestador de pagamentos e tratados por ele. Nunca vemos nem guardamos o número completo do cartão; guardamos apenas o estado e a referência do pagamento.',
            'Newsletter: se a subscrever, o seu e-mail e a data da subscrição.',
          ],
        },
        {
          id: 'purposes',
          heading: '3. Para que os usamos',
          paragraphs: [
            'Para gerir a sua conta; publicar os seus anúncios; processar encomendas, ofertas e pagamentos; enviar etiquetas de envio e atualizações de seguimento; pagar o saldo da sua carteira; tratar reclamações e prevenir fraudes; responder-lhe quando nos contacta; enviar a newsletter, se a pediu; e guardar os registos exigidos por lei.',
          ],
        },
        {
          id: 'legal-bases',
          heading: '4. Fundamentos de licitude',
          paragraphs: [
            'Contrato (artigo 6.º, n.º 1, alínea b), do RGPD): os dados de que precisamos para a sua conta, encomendas, ofertas, anúncios e pagamentos.',
            'Obrigação legal (alínea c)): faturas e registos fiscais e contabilísticos.',
            'Interesses legítimos (alínea f)): manter a loja segura, prevenir fraudes e melhorar o serviço, sempre ponderados face aos seus direitos.',
            'Consentimento (alínea a)): a newsletter. Pode retirar o consentimento a qualquer momento através da ligação incluída em cada newsletter.',
          ],
        },
        {
          id: 'sharing',
          heading: '5. Com quem partilhamos os dados',
          paragraphs: [
            'A outra parte de uma venda recebe apenas o que a venda exige: o comprador vê o primeiro nome do vendedor no anúncio, e a etiqueta de envio do vendedor inclui a morada de entrega do comprador.',
            'O nosso prestador de pagamentos, as transportadoras e as empresas que alojam a loja e enviam os nossos e-mails tratam dados por nossa conta, ao abrigo de acordos de tratamento de dados. Só partilhamos dados com as autoridades quando a lei o exige. Nunca vendemos os seus dados. Se um prestador tratar dados fora do Espaço Económico Europeu, usamos garantias aprovadas pela Comissão Europeia, como as cláusulas contratuais-tipo.',
          ],
        },
        {
          id: 'retention',
          heading: '6. Durante quanto tempo os guardamos',
          paragraphs: [
            'Os dados da conta são guardados enquanto a conta estiver ativa. Quando a encerrar, apagamo-los ou anonimizamo-los no prazo de 30 dias, exceto o que a lei nos obriga a guardar.',
            'Os registos de encomendas, pagamentos e transferências são guardados durante 10 anos, como exige a lei fiscal portuguesa. O e-mail da newsletter é guardado até cancelar a subscrição.',
          ],
        },
        {
          id: 'your-rights',
          heading: '7. Os seus direitos',
          paragraphs: [
            'Pode pedir-nos o acesso, a retificação ou o apagamento dos seus dados, a limitação do tratamento ou opor-se a ele, e recebê-los num formato portável. Escreva para privacy@preloved.example; respondemos no prazo de um mês.',
            'Tem também o direito de apresentar reclamação à Comissão Nacional de Proteção de Dados (www.cnpd.pt).',
          ],
        },
        {
          id: 'cookies',
          heading: '8. Cookies e armazenamento local',
          paragraphs: [
            'Não usamos cookies de publicidade nem de rastreamento. Para funcionar, a loja guarda algumas informações no armazenamento local do seu browser: o saco de compras, o token de sessão enquanto tem sessão iniciada e o idioma que escolheu, a par de pequenas preferências, como o último tamanho selecionado.',
            'Este armazenamento é estritamente necessário para o serviço que pede, pelo que não requer consentimento. Ao terminar sessão, a sessão e o saco são removidos do browser; o resto pode apagá-lo nas definições do browser.',
          ],
        },
        {
          id: 'changes',
          heading: '9. Alterações a esta política',
          paragraphs: [
            'Quando alterarmos esta política, atualizamos a data no topo e, se a alteração for relevante, avisamos por e-mail antes de entrar em vigor.',
          ],
        },
        {
          id: 'contact',
          heading: '10. Contacto',
          paragraphs: [
            'Questões sobre esta política ou sobre os seus dados: escreva para privacy@preloved.example e indique o e-mail da sua conta para a podermos encontrar.',
          ],
        },
      ],
    },
    howSearchWorks: {
      title: 'Como ordenamos os resultados de pesquisa',
      lead: 'O que decide a ordem dos artigos que vê quando pesquisa ou navega, como o Regulamento dos Serviços Digitais da UE e a lei do consumidor nos pedem que digamos.',
      sections: [
        {
          id: 'relevance',
          heading: 'Primeiro a relevância, depois a novidade',
          paragraphs: [
            'Quando escreve palavras, aparecem primeiro os artigos cujo título, marca, categoria, cor ou descrição melhor correspondem a elas. As palavras do título contam mais do que as da descrição, e uma grafia parecida é aceite quando uma palavra não encontra nada.',
            'Entre artigos que correspondem igualmente bem, aparece primeiro o publicado mais recentemente.',
          ],
        },
        {
          id: 'your-choice',
          heading: 'A ordem que escolher',
          paragraphs: [
            'Pode ordenar por preço (mais baixo ou mais alto primeiro) ou pelos mais recentes. Os filtros (tamanho, cor, estado, preço) apenas deixam artigos de fora; não mudam a ordem.',
          ],
        },
        {
          id: 'no-paid-placement',
          heading: 'Sem posições pagas',
          paragraphs: [
            'Ninguém paga para aparecer mais acima: os vendedores não podem comprar uma posição melhor e não há resultados patrocinados. Ser um particular ou uma empresa também não muda a ordem.',
          ],
        },
      ],
    },
    howReviewsWork: {
      title: 'Como funcionam as avaliações',
      lead: 'De onde vêm as estrelas e os comentários na página de um vendedor, e o que verificamos.',
      sections: [
        {
          id: 'who-can-review',
          heading: 'Só compradores de uma encomenda entregue',
          paragraphs: [
            'Só o comprador de uma encomenda pode avaliar o vendedor, depois de a encomenda ser entregue, e só uma vez por encomenda. Mais ninguém pode escrever uma avaliação, e um vendedor não se pode avaliar a si próprio.',
          ],
        },
        {
          id: 'what-we-do',
          heading: 'O que fazemos com as avaliações',
          paragraphs: [
            'Publicamos cada avaliação tal como o comprador a escreveu, boa ou má. Não editamos, reordenamos nem filtramos avaliações, exceto para retirar conteúdo ilegal. As avaliações aparecem das mais recentes para as mais antigas, e a classificação é a média de todas.',
            'O vendedor pode responder uma vez a cada avaliação; a resposta aparece por baixo dela.',
          ],
        },
      ],
    },
  },
};

export default pt;
