import type { InfoResources } from './content.en';

// Same shape and the same `id`s as the English texts: the ids are anchors shared by every language.
// Spanish of Spain (es-ES), the reader addressed as «tú».
const es: InfoResources = {
  documentTitle: '{{title}} — Preloved',
  pages: {
    about: {
      title: 'Sobre Preloved',
      lead:
        'Preloved es la tienda de segunda mano dentro de nuestra tienda principal: prendas de nuestra marca, compradas y usadas por nuestros clientes, listas para el siguiente armario.',
      sections: [
        {
          id: 'how-it-works',
          heading: 'Prendas con historia, vendidas por quien las ha llevado',
          paragraphs: [
            'Todo lo que encuentras aquí lo hemos hecho nosotros. Cuando un cliente deja de usar una prenda, la anuncia aquí con sus propias fotos, una descripción sincera de su estado y un precio. Cuando la prenda se vende, la envía directamente al comprador con una etiqueta prepagada que le damos nosotros.',
            'Cada anuncio indica quién vende: «Anunciado por», seguido del nombre del vendedor. Solo mostramos el nombre; los apellidos, la dirección y los datos de contacto son privados.',
          ],
          paragraphs_checked: [
            'Todo lo que encuentras aquí lo hemos hecho nosotros. Cuando un cliente deja de usar una prenda, la anuncia aquí con sus propias fotos, una descripción sincera de su estado y un precio. Cuando la prenda se vende, la envía a nuestro centro con una etiqueta prepagada que le damos nosotros; allí comprobamos la prenda frente a su anuncio y se la enviamos al comprador.',
            'Cada anuncio indica quién vende: «Anunciado por», seguido del nombre del vendedor. Solo mostramos el nombre; los apellidos, la dirección y los datos de contacto son privados.',
          ],
        },
        {
          id: 'verified-seller',
          heading: 'Nuestra cuenta verificada',
          paragraphs: [
            'Algunas prendas las anuncia la propia marca: muestras, piezas únicas de sesiones de fotos y artículos de nuestro archivo. Vienen de nuestra cuenta de muestras, identificada con el sello Verificado.',
          ],
          paragraphs_checked: [
            'Algunas prendas las anuncia la propia marca: muestras, piezas únicas de sesiones de fotos y artículos de nuestro archivo. Vienen de nuestra cuenta de muestras, identificada con el sello Verificado, y nuestro equipo revisa cada una antes de ponerla a la venta.',
          ],
        },
        {
          id: 'why-second-hand',
          heading: 'Por qué segunda mano',
          paragraphs: [
            'Lo que ha medido la investigación, y lo que no afirmamos. Un estudio con más de 200 clientes de tiendas de segunda mano en Suecia y Estonia concluyó que cada 100 prendas de segunda mano compradas sustituyeron a entre 60 y 85 prendas nuevas, y su análisis del ciclo de vida concluyó que reutilizar 100 camisetas de algodón en lugar de incinerarlas redujo su impacto en el calentamiento global un 14 % (L. Farrant, S. I. Olsen y A. Wangel, “Environmental benefits from reusing clothes”, The International Journal of Life Cycle Assessment 15, 726–736, 2010). No hemos medido con qué frecuencia una compra aquí sustituye a una prenda nueva, así que no indicamos ningún ahorro para tu compra ni para esta tienda.',
            'Diseñamos nuestra ropa para que dure, y una tienda de reventa es la forma de asegurarnos de que de verdad dura. Mantiene nuestras prendas en circulación en vez de olvidadas al fondo del armario, da a quien vende algo a cambio de lo que ya no usa y permite que más gente lleve la marca a un precio más justo.',
          ],
        },
        {
          id: 'good-to-know',
          heading: 'Conviene saber',
          paragraphs: [
            'Preloved tiene su propia cuenta, cesta y proceso de pago, separados de nuestra tienda principal. Una compra aquí es una venta entre dos clientes: nosotros gestionamos el marketplace, cobramos el pago, enviamos la etiqueta de envío e intervenimos si algo sale mal.',
            'Las preguntas frecuentes explican cómo funcionan las compras, las ofertas, las ventas y los pagos, y los términos y condiciones describen las reglas completas.',
          ],
        },
      ],
    },
    shipping: {
      title: 'Envío y entrega',
      lead: 'Cada artículo viaja directamente del vendedor a ti. Esto es lo que pasa entre el momento en que pagas y el momento en que el paquete llega a tus manos.',
      sections: [
        {
          id: 'after-the-sale',
          heading: 'Después de la venta',
          paragraphs: [
            'En cuanto se vende un artículo, enviamos al vendedor por correo una etiqueta de envío prepagada. El vendedor embala el artículo, pega la etiqueta y entrega el paquete al transportista en un plazo de 5 días hábiles desde la venta.',
            'Si el correo se pierde, el vendedor puede volver a enviarse la etiqueta desde el anuncio, en su cuenta.',
          ],
        },
        {
          id: 'tracking',
          heading: 'Seguir el paquete',
          paragraphs: [
            'Cuando el transportista recoge el paquete, el número de seguimiento aparece en tu pedido, junto con quién lo envió y la fecha de entrega prevista. Con la sesión iniciada, lo encuentras en Mi cuenta → Pedidos.',
          ],
        },
        {
          id: 'delivery-times',
          heading: 'Plazos de entrega',
          paragraphs: [
            'Una vez enviado, el paquete suele tardar de 1 a 3 días hábiles en Portugal continental, de 3 a 5 días hábiles a Madeira y Azores y de 2 a 5 días hábiles a España. Enviamos a Portugal y España; el proceso de pago muestra ambos.',
            'Sumando los 5 días hábiles que tiene el vendedor para enviar, cuenta con hasta unas dos semanas en total. Estos plazos son estimaciones de los transportistas y pueden alargarse en épocas de festivos.',
          ],
        },
        {
          id: 'shipping-costs',
          heading: 'Gastos de envío',
          paragraphs: [
            'Los gastos de envío los paga el comprador. El importe depende del destino y de la opción de entrega que elijas, entrega a domicilio o recogida en un punto de recogida cuando lo hay, y aparece en una línea propia en el proceso de pago, antes de pagar. No hay nada que pagar en la entrega.',
            'El vendedor nunca paga la etiqueta: su coste está cubierto por los gastos de envío que paga el comprador.',
          ],
        },
        {
          id: 'late-shipping',
          heading: 'Si el vendedor no envía a tiempo',
          paragraphs: [
            'Si el paquete no se entrega al transportista en un plazo de 5 días hábiles desde la venta, el pedido se cancela y te devolvemos el importe íntegro, gastos de envío incluidos, con el medio de pago que usaste. Según tu banco, el reembolso puede tardar hasta 10 días hábiles en aparecer.',
          ],
        },
        {
          id: 'problems',
          heading: 'Paquete perdido, dañado o distinto de lo anunciado',
          paragraphs: [
            'Si el paquete no llega, llega dañado o el artículo no corresponde al anuncio, abre una reclamación en un plazo de 2 días desde la entrega, desde tu pedido o escribiendo a help@preloved.example. Las preguntas frecuentes explican cómo funcionan las reclamaciones.',
          ],
        },
      ],
    },
    faqs: {
      title: 'Preguntas frecuentes',
      lead: 'Respuestas rápidas sobre compras, ofertas, ventas y pagos. Si no encuentras tu pregunta, escríbenos a help@preloved.example.',
      topics: [
        {
          id: 'buying',
          heading: 'Comprar',
          questions: [
            {
              id: 'how-to-buy',
              question: '¿Cómo compro un artículo?',
              answer: [
                'Elige la prenda y la talla que quieres y añádela a la cesta. Cada artículo es único, así que sigue disponible para todos hasta que alguien lo paga. Cuando estés listo, ve al pago, indica una dirección de entrega, elige la opción de entrega y paga.',
              ],
            },
            {
              id: 'guest-checkout',
              question: '¿Puedo comprar sin crear una cuenta?',
              answer: [
                'Sí. Al ir al pago, elige «Continuar como invitado» y rellena tu correo, la dirección de entrega y los datos de pago. Solo necesitas una cuenta para hacer ofertas, guardar favoritos, seguir todos tus pedidos en un mismo sitio y vender.',
              ],
            },
            {
              id: 'sizes',
              question: '¿Cómo tallan las prendas?',
              answer: [
                'Los anuncios muestran la talla de la etiqueta original, así que vale la guía de tallas de nuestra tienda principal. Si una prenda se ha arreglado o sienta de otra forma después de lavarla, el vendedor lo indica en la descripción.',
                'Si tienes dudas, compara las medidas con una prenda parecida que ya tengas antes de comprar: los artículos de segunda mano no se pueden devolver porque no te queden bien.',
              ],
            },
            {
              id: 'conditions',
              question: '¿Qué significan los estados de los artículos?',
              answer: [
                'Nuevo con etiqueta: sin estrenar, con las etiquetas originales.',
                'Como nuevo: usado una o dos veces, sin señales de uso.',
                'Muy bueno: poco usado, sin defectos dignos de mención.',
                'Bueno: usado con cariño, con pequeñas señales de uso que describe el vendedor.',
                'Aceptable: desgaste visible o un pequeño defecto, reflejados en el precio.',
              ],
            },
          ],
        },
        {
          id: 'offers-and-prices',
          heading: 'Ofertas y precios',
          questions: [
            {
              id: 'offers',
              question: '¿Cómo funcionan las ofertas?',
              answer: [
                'Con la sesión iniciada, puedes ofrecer al vendedor entre el 50 % y el 99 % del precio de un artículo. El vendedor tiene 48 horas para aceptarla o rechazarla; si no hace ninguna de las dos cosas, la oferta caduca.',
                'Si el vendedor acepta, tienes 24 horas para comprar el artículo al precio que ofreciste; la cesta muestra cuánto tiempo queda. Después, la oferta caduca y el artículo vuelve a estar a la venta al precio anunciado. Tus ofertas están en Mi cuenta → Ofertas.',
              ],
            },
            {
              id: 'smart-pricing',
              question: '¿Qué es el precio inteligente?',
              answer: [
                'El precio inteligente ayuda a vender un artículo bajando su precio poco a poco. Cuando el vendedor lo activa, el precio baja un 10 % siete días después de anunciar el artículo, y de nuevo cada 7 días, hasta llegar al precio mínimo que fijó el vendedor o hasta que el artículo se vende.',
                'El vendedor puede desactivar el precio inteligente o cambiar el precio mínimo en cualquier momento, desde el anuncio.',
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
              question: '¿Cómo vendo un artículo?',
              answer: [
                'Inicia sesión y elige «Vender un artículo». Busca la prenda en nuestro catálogo para que sus datos se rellenen solos y añade la talla, el estado, una breve descripción y de 2 a 4 fotos hechas con buena luz. Fija un precio entre 5 € y 5000 €: te sugerimos uno a partir del precio original, y el anuncio muestra cuánto recibirás cuando se venda.',
                'En tu primera venta te pedimos también los datos que necesitamos para pagarte.',
              ],
            },
            {
              id: 'item-sold',
              question: 'He vendido un artículo. ¿Y ahora qué?',
              answer: [
                'Te enviamos por correo una etiqueta de envío prepagada. Embala el artículo con cuidado, pega la etiqueta y entrega el paquete al transportista en un plazo de 5 días hábiles desde la venta. Si no lo envías a tiempo, el pedido se cancela y al comprador se le reembolsa todo.',
              ],
            },
          ],
        },
        {
          id: 'wallet-and-payouts',
          heading: 'Monedero y pagos',
          questions: [
            {
              id: 'wallet',
              question: '¿Cómo cobro el dinero?',
              answer: [
                'El importe de cada venta va a tu monedero, en Mi cuenta → Monedero, donde cada movimiento aparece con su fecha y su estado. Después eliges qué hacer con el saldo:',
                'Transferencia bancaria: lo transferimos a tu IBAN y recibes el 97 % del importe que transfieras. El 3 % restante cubre las comisiones de la transacción y aparece en una línea propia del monedero.',
                'Código de descuento: convierte el saldo en un código por el 100 % del importe. El código solo se puede usar en nuestra tienda principal, no en la tienda de segunda mano.',
              ],
            },
          ],
        },
        {
          id: 'returns-and-claims',
          heading: 'Devoluciones y reclamaciones',
          questions: [
            {
              id: 'returns',
              question: '¿Puedo devolver un artículo?',
              answer: [
                'Los artículos de segunda mano son venta final: no se pueden devolver por haber cambiado de opinión ni porque no te queden bien. La excepción es un artículo que no corresponde al anuncio, por ejemplo una prenda o una talla distintas, o daños que el anuncio no mencionaba.',
                'En ese caso, abre una reclamación en un plazo de 2 días desde la entrega, desde tu pedido o escribiendo a help@preloved.example, con fotos del artículo. Si aceptamos la reclamación, te enviamos una etiqueta para devolver el artículo y te reembolsamos el importe íntegro.',
                'La política de devoluciones de nuestra tienda principal se aplica solo a las prendas compradas en la tienda principal.',
              ],
            },
          ],
        },
        {
          id: 'your-account',
          heading: 'Tu cuenta',
          questions: [
            {
              id: 'separate-account',
              question: '¿Mi cuenta de Preloved es la misma que la de la tienda principal?',
              answer: [
                'No. La tienda de segunda mano tiene su propia cuenta, con su propia contraseña, separada de tu cuenta en nuestra tienda principal. Los pedidos, las ofertas, los anuncios y el monedero están en tu cuenta de Preloved. Puedes usar el mismo correo en las dos.',
              ],
            },
          ],
        },
      ],
    },
    terms: {
      title: 'Términos y condiciones',
      updated: 'Última actualización: 1 de noviembre de 2026',
      lead:
        'Estos términos se aplican a todos los que compran o venden en Preloved, la tienda de segunda mano dentro de nuestra tienda principal. Al crear una cuenta, anunciar un artículo o hacer un pedido, los aceptas.',
      sections: [
        {
          id: 'our-role',
          heading: '1. Nuestro papel',
          paragraphs: [
            'Preloved es un marketplace. Los artículos los venden los clientes que los anuncian, y cada venta es un contrato entre el comprador y el vendedor. Nosotros gestionamos la tienda: publicamos los anuncios, cobramos los pagos en nombre del vendedor, proporcionamos las etiquetas de envío, tramitamos las reclamaciones y pagamos a los vendedores. Solo somos el vendedor de los artículos que anuncia nuestra cuenta verificada.',
            'La mayoría de los vendedores son particulares, no profesionales, así que los derechos que la ley de consumo da frente a un profesional, como el derecho de desistimiento en 14 días, no se aplican a sus artículos. La protección de la que dispone el comprador es la que describen estos términos.',
          ],
        },
        {
          id: 'accounts',
          heading: '2. Cuentas',
          paragraphs: [
            'Tu cuenta de Preloved es independiente de cualquier cuenta que tengas en nuestra tienda principal. No compartas tu contraseña: eres responsable de lo que se haga con tu cuenta. Puedes comprar como invitado; para hacer ofertas o vender necesitas una cuenta, y para vender tienes que tener al menos 18 años.',
          ],
        },
        {
          id: 'sellers',
          heading: '3. Obligaciones del vendedor',
          paragraphs: [
            'Solo puedes anunciar artículos de nuestra marca que sean tuyos y que puedas vender libremente. Describe cada uno con sinceridad, con la talla y el estado correctos, todos los defectos que conozcas y de 2 a 4 fotos del propio artículo. Los precios tienen que estar entre 5 € y 5000 €.',
            'Cuando vendas un artículo, envíalo en un plazo de 5 días hábiles con la etiqueta prepagada que te enviamos por correo, embalado para que llegue tal como se describió. Si no lo envías a tiempo, la venta se cancela y al comprador se le reembolsa. Los retrasos repetidos o los artículos que no corresponden al anuncio pueden llevarnos a ocultar tus anuncios o a cerrar tu cuenta.',
          ],
        },
        {
          id: 'buyers',
          heading: '4. Obligaciones del comprador',
          paragraphs: [
            'Indica una dirección de entrega correcta y paga el importe total en el proceso de pago. Revisa el pedido cuando lo recibas: si el artículo no corresponde al anuncio, abre una reclamación en un plazo de 2 días desde la entrega. Pasado ese plazo, la venta es definitiva. Los artículos de segunda mano no se pueden devolver por cambiar de opinión ni porque no te queden bien.',
          ],
        },
        {
          id: 'fees',
          heading: '5. Precios y comisiones',
          paragraphs: [
            'Los precios están en euros. Antes de pagar, el proceso de pago muestra cada importe en una línea propia: el precio del artículo, una comisión por la gestión del pago, los gastos de envío, la opción de entrega elegida y cualquier descuento. El total que se muestra es el total que pagas.',
          ],
          paragraphs_checked: [
            'Los precios están en euros. Antes de pagar, el proceso de pago muestra cada importe en una línea propia: el precio del artículo, una comisión por la gestión del pago, una comisión de verificación cuando el artículo lo verificamos nosotros, los gastos de envío, la opción de entrega elegida y cualquier descuento. El total que se muestra es el total que pagas.',
          ],
        },
        {
          id: 'offers',
          heading: '6. Ofertas y precio inteligente',
          paragraphs: [
            'Las ofertas tienen que estar entre el 50 % y el 99 % del precio anunciado. El vendedor tiene 48 horas para aceptar o rechazar una oferta; una vez aceptada, el comprador tiene 24 horas para comprar a ese precio. Las ofertas sin respuesta o no aprovechadas a tiempo caducan.',
            'El vendedor que activa el precio inteligente acepta que, a partir de 7 días después del anuncio, el precio baje un 10 % cada 7 días, hasta llegar a su precio mínimo o hasta que el artículo se venda.',
          ],
        },
        {
          id: 'payouts',
          heading: '7. Pagos al vendedor',
          paragraphs: [
            'Cobramos el pago en nombre del vendedor y abonamos el importe de la venta en su monedero. El vendedor puede transferir el saldo a una cuenta bancaria a su nombre, recibiendo el 97 % del importe por las comisiones de la transacción, o convertirlo en un código de descuento por el 100 % del importe, válido solo en nuestra tienda principal y no en la tienda de segunda mano. Podemos retener el importe de un pedido mientras haya una reclamación abierta sobre él.',
          ],
        },
        {
          id: 'prohibited-items',
          heading: '8. Artículos prohibidos',
          paragraphs: [
            'Solo se pueden anunciar artículos de nuestra marca. No se permiten falsificaciones, artículos robados, artículos retirados del mercado o peligrosos, ropa interior usada ni nada cuya venta sea ilegal. Podemos retirar sin previo aviso cualquier anuncio que no cumpla estas reglas.',
          ],
        },
        {
          id: 'liability',
          heading: '9. Responsabilidad',
          paragraphs: [
            'Estudiamos las reclamaciones con cuidado, pero los anuncios los escriben los vendedores y no respondemos de sus descripciones más allá de los reembolsos que prevén estos términos. Nada en estos términos limita la responsabilidad que la ley no permite limitar, como en caso de fraude o negligencia grave, ni tus derechos como consumidor.',
          ],
          paragraphs_checked: [
            'Verificamos cada prenda vendida frente a su anuncio (la comisión de verificación paga esa verificación) y estudiamos las reclamaciones con cuidado, pero los anuncios los escriben los vendedores y no respondemos de sus descripciones más allá de los reembolsos que prevén estos términos. Nada en estos términos limita la responsabilidad que la ley no permite limitar, como en caso de fraude o negligencia grave, ni tus derechos como consumidor.',
          ],
        },
        {
          id: 'changes',
          heading: '10. Cambios en estos términos',
          paragraphs: [
            'Podemos actualizar estos términos; la fecha de arriba indica la versión vigente. Te avisamos por correo de los cambios importantes antes de que entren en vigor. Los pedidos y las ofertas se rigen por los términos vigentes en el momento en que se hicieron.',
          ],
        },
        {
          id: 'governing-law',
          heading: '11. Ley aplicable y litigios',
          paragraphs: [
            'Estos términos se rigen por la ley portuguesa. Si eres consumidor, conservas la protección de las normas imperativas de tu país de residencia. Los litigios también pueden llevarse a un centro de arbitraje de consumo, que se indican en el Portal do Consumidor (www.consumidor.gov.pt), y puedes presentar reclamaciones en el Livro de Reclamações Eletrónico (www.livroreclamacoes.pt).',
          ],
        },
        {
          id: 'contact',
          heading: '12. Contacto',
          paragraphs: [
            'Para dudas sobre estos términos, un pedido o una reclamación, escribe a help@preloved.example. Respondemos en un plazo de 2 días hábiles.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Política de privacidad',
      updated: 'Última actualización: 1 de noviembre de 2026',
      lead:
        'Esta política explica qué datos personales recoge la tienda de segunda mano, para qué los usamos y qué opciones tienes, según el Reglamento General de Protección de Datos (RGPD).',
      sections: [
        {
          id: 'controller',
          heading: '1. Responsable del tratamiento',
          paragraphs: [
            'El responsable del tratamiento de tus datos personales es Preloved, la marca que gestiona esta tienda de segunda mano como parte de su tienda principal. La tienda funciona en la plataforma Preloved Commerce, que trata los datos solo siguiendo nuestras instrucciones.',
            'Para cualquier asunto relacionado con tus datos, escribe a privacy@preloved.example.',
          ],
        },
        {
          id: 'data-we-collect',
          heading: '2. Qué datos recogemos',
          paragraphs: [
            'Cuenta: tu nombre, tu correo y tu contraseña, que guardamos solo de una forma que no permite recuperarla. Si vendes, también tu número de móvil y el IBAN al que te pagamos.',
            'Pedidos, ofertas y anuncios: lo que compras, vendes y ofreces, con precios y fechas, las fotos y descripciones que publicas y lo que nos cuentas en una reclamación.',
            'Direcciones: las direcciones de entrega y de facturación que guardas o indicas en el proceso de pago.',
            'Pagos: los datos de la tarjeta y de otros medios de pago se introducen en nuestro proveedor de pagos, que es quien los trata. Nunca vemos ni guardamos el número completo de la tarjeta; solo guardamos el estado y la referencia del pago.',
            'Newsletter: si te suscribes, tu correo y la fecha de la suscripción.',
          ],
        },
        {
          id: 'purposes',
          heading: '3. Para qué los usamos',
          paragraphs: [
            'Para gestionar tu cuenta; publicar tus anuncios; tramitar pedidos, ofertas y pagos; enviar etiquetas de envío y novedades del seguimiento; pagar el saldo de tu monedero; tramitar reclamaciones y prevenir fraudes; responderte cuando nos escribes; enviarte la newsletter, si la pediste; y conservar los registros que exige la ley.',
          ],
        },
        {
          id: 'legal-bases',
          heading: '4. Bases jurídicas',
          paragraphs: [
            'Contrato (artículo 6, apartado 1, letra b), del RGPD): los datos que necesitamos para tu cuenta, tus pedidos, ofertas, anuncios y pagos.',
            'Obligación legal (letra c)): facturas y registros fiscales y contables.',
            'Intereses legítimos (letra f)): mantener la tienda segura, prevenir fraudes y mejorar el servicio, siempre sopesados frente a tus derechos.',
            'Consentimiento (letra a)): la newsletter. Puedes retirar tu consentimiento en cualquier momento con el enlace que incluye cada newsletter.',
          ],
        },
        {
          id: 'sharing',
          heading: '5. Con quién compartimos los datos',
          paragraphs: [
            'La otra parte de una venta recibe solo lo que la venta exige: el comprador ve el nombre del vendedor en el anuncio, y la etiqueta de envío del vendedor lleva la dirección de entrega del comprador.',
            'Nuestro proveedor de pagos, los transportistas y las empresas que alojan la tienda y envían nuestros correos tratan datos por cuenta nuestra, con acuerdos de tratamiento de datos. Solo compartimos datos con las autoridades cuando la ley lo exige. Nunca vendemos tus datos. Si un proveedor trata datos fuera del Espacio Económico Europeo, usamos garantías aprobadas por la Comisión Europea, como las cláusulas contractuales tipo.',
          ],
        },
        {
          id: 'retention',
          heading: '6. Cuánto tiempo los conservamos',
          paragraphs: [
            'Los datos de la cuenta se conservan mientras la cuenta está activa. Cuando la cierras, los borramos o anonimizamos en un plazo de 30 días, salvo lo que la ley nos obliga a conservar.',
            'Los registros de pedidos, pagos y transferencias se conservan 10 años, como exige la ley fiscal portuguesa. El correo de la newsletter se conserva hasta que te das de baja.',
          ],
        },
        {
          id: 'your-rights',
          heading: '7. Tus derechos',
          paragraphs: [
            'Puedes pedirnos el acceso a tus datos, su rectificación o su supresión, la limitación del tratamiento u oponerte a él, y recibirlos en un formato portable. Escribe a privacy@preloved.example; respondemos en el plazo de un mes.',
            'También tienes derecho a presentar una reclamación ante la Comissão Nacional de Proteção de Dados (www.cnpd.pt) o ante la Agencia Española de Protección de Datos (www.aepd.es).',
          ],
        },
        {
          id: 'cookies',
          heading: '8. Cookies y almacenamiento local',
          paragraphs: [
            'No usamos cookies de publicidad ni de seguimiento. Para funcionar, la tienda guarda algunos datos en el almacenamiento local de tu navegador: la cesta, el token de sesión mientras tienes la sesión iniciada y el idioma que has elegido, junto con pequeñas preferencias, como la última talla seleccionada.',
            'Este almacenamiento es estrictamente necesario para el servicio que pides, así que no requiere consentimiento. Al cerrar sesión, la sesión y la cesta se borran del navegador; el resto puedes borrarlo en los ajustes del navegador.',
          ],
        },
        {
          id: 'changes',
          heading: '9. Cambios en esta política',
          paragraphs: [
            'Cuando cambiemos esta política, actualizaremos la fecha de arriba y, si el cambio es importante, te avisaremos por correo antes de que entre en vigor.',
          ],
        },
        {
          id: 'contact',
          heading: '10. Contacto',
          paragraphs: [
            'Dudas sobre esta política o sobre tus datos: escribe a privacy@preloved.example e indica el correo de tu cuenta para que podamos encontrarla.',
          ],
        },
      ],
    },
    howSearchWorks: {
      title: 'Cómo ordenamos los resultados de búsqueda',
      lead: 'Qué decide el orden de los artículos que ves al buscar o navegar, como nos piden que expliquemos el Reglamento de Servicios Digitales de la UE y la ley de consumo.',
      sections: [
        {
          id: 'relevance',
          heading: 'Primero la relevancia, después lo más nuevo',
          paragraphs: [
            'Cuando escribes palabras, aparecen primero los artículos cuyo título, marca, categoría, color o descripción mejor coinciden con ellas. Las palabras del título cuentan más que las de la descripción, y se acepta una grafía parecida cuando una palabra no encuentra nada.',
            'Entre artículos que coinciden igual de bien, aparece primero el publicado más recientemente.',
          ],
        },
        {
          id: 'your-choice',
          heading: 'El orden que elijas',
          paragraphs: [
            'Puedes ordenar por precio (de menor a mayor o de mayor a menor) o por lo más nuevo. Los filtros (talla, color, estado, precio) solo dejan artículos fuera; no cambian el orden.',
          ],
        },
        {
          id: 'no-paid-placement',
          heading: 'Sin posiciones de pago',
          paragraphs: [
            'Nadie paga por aparecer más arriba: los vendedores no pueden comprar una posición mejor y no hay resultados patrocinados. Ser particular o empresa tampoco cambia el orden.',
          ],
        },
      ],
    },
    howReviewsWork: {
      title: 'Cómo funcionan las valoraciones',
      lead: 'De dónde vienen las estrellas y los comentarios de la página de un vendedor, y qué comprobamos.',
      sections: [
        {
          id: 'who-can-review',
          heading: 'Solo compradores de un pedido entregado',
          paragraphs: [
            'Solo el comprador de un pedido puede valorar al vendedor, después de que el pedido se haya entregado, y solo una vez por pedido. Nadie más puede escribir una valoración, y un vendedor no puede valorarse a sí mismo.',
          ],
        },
        {
          id: 'what-we-do',
          heading: 'Qué hacemos con las valoraciones',
          paragraphs: [
            'Publicamos cada valoración tal como la escribió el comprador, buena o mala. No editamos, reordenamos ni filtramos valoraciones, salvo para retirar contenido ilegal. Las valoraciones aparecen de la más reciente a la más antigua, y la puntuación es la media de todas.',
            'El vendedor puede responder una vez a cada valoración; la respuesta aparece debajo.',
          ],
        },
      ],
    },
  },
};

export default es;
