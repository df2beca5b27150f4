export const howTo = {
  title: 'Cómo transmitir',
  subtitle: 'Transmite en vivo sobre tu token favorito de BNB Smart Chain en cuatro pasos.',
  stepsLabel: 'Pasos',
  stepN: 'Paso {{n}}: ',
  steps: {
    connect: {
      title: 'Conecta tu billetera',
      text: 'Pulsa Conectar billetera y aprueba la conexión en MetaMask, Trust Wallet, Rabby o cualquier billetera de BNB Smart Chain. Tu billetera es tu identidad.',
    },
    token: {
      title: 'Introduce el token',
      text: 'Pega la dirección del contrato del token (0x seguido de 40 caracteres hexadecimales). Buscamos su nombre, precio y capitalización.',
    },
    setup: {
      title: 'Prepara tu transmisión',
      text: 'Revisa el token, escribe un título y una descripción, y elige cómo transmitir: desde este navegador (permite el acceso a la cámara y al micrófono) o desde OBS.',
    },
    live: {
      title: 'Sal en vivo',
      text: 'Pulsa Iniciar transmisión en vivo. Comparte tu pantalla o tu cámara, habla con tus espectadores y termina cuando quieras.',
    },
  },
  featuresTitle: 'Qué obtienes',
  features: {
    share: {
      title: 'Cámara y pantalla compartida',
      text: 'Transmite tu cámara, tus gráficos o ambos con imagen en imagen.',
    },
    market: {
      title: 'Datos de mercado en vivo',
      text: 'Precio, cambio en 24 h, volumen, capitalización y liquidez junto a tu vídeo.',
    },
    chat: {
      title: 'Chat en vivo',
      text: 'Los espectadores siguen la transmisión y hablan del token en tiempo real.',
    },
    identity: {
      title: 'Identidad con billetera',
      text: 'Sin cuentas ni contraseñas: quienes transmiten y quienes miran son su dirección de billetera.',
    },
  },
  obs: {
    title: 'Transmitir con OBS (WHIP)',
    intro:
      'OBS Studio 30 o posterior publica directamente en Mintcast por WHIP, sin plugins. En el paso 3 elige «OBS / software de transmisión» y pulsa Configurar transmisión con OBS: el panel de tu transmisión muestra la URL del servidor WHIP y tu clave de transmisión (puedes volver a mostrarla allí cuando quieras, o regenerarla).',
    settings: {
      service: {
        label: 'Ajustes → Emisión',
        value: 'Servicio: WHIP. Servidor: la URL del servidor WHIP. Bearer Token: tu clave de transmisión.',
      },
      encoder: {
        label: 'Codificador de vídeo',
        value: 'x264 o un codificador H.264 por hardware (NVENC, Quick Sync, AMF, VideoToolbox).',
      },
      keyframe: {
        label: 'Intervalo de fotogramas clave',
        value: '1 s: quien se une, o baja a una calidad menor, espera como mucho un segundo a la imagen.',
      },
      bframes: {
        label: 'Fotogramas B',
        value:
          '0 (ninguno): los navegadores reproducen vídeo WebRTC sin ellos. Con x264, usa el perfil «baseline» o el ajuste «zerolatency».',
      },
      rate: {
        label: 'Control de tasa y tasa de bits',
        value:
          'CBR, 2.500–4.500 kb/s para 720p o 1080p a 30 fps; mantenlo por debajo del 70 % de tu velocidad de subida.',
      },
      audio: { label: 'Audio', value: 'Opus (OBS lo elige para WHIP), 128–160 kb/s.' },
    },
    outro:
      'Pulsa Iniciar transmisión en OBS: la transmisión sale en vivo cuando llega el vídeo y termina cuando dejas de transmitir. El panel muestra lo que recibe el servidor: resolución, fotogramas por segundo, tasa de bits y pérdida.',
  },
  tipsTitle: 'Consejos para una gran transmisión',
  tips: {
    connection:
      'Usa una conexión por cable o estable: la calidad del vídeo depende de tu velocidad de subida.',
    light: 'Ilumina tu cara de frente y mantén la cámara a la altura de los ojos.',
    chart: 'Comparte el gráfico del que hablas para que los espectadores sigan tus operaciones.',
    title: 'Pon un título claro: es lo que la gente ve en la búsqueda y en las tarjetas.',
    chat: 'Lee el chat en voz alta y responde preguntas: los espectadores implicados se quedan más tiempo.',
  },
  faqTitle: 'Preguntas frecuentes',
  faq: {
    own: {
      q: '¿Necesito tener el token para transmitir sobre él?',
      a: 'No hace falta tener el token: puedes transmitir sobre cualquier token que se negocie en BNB Smart Chain, lo tengas o no.',
    },
    address: {
      q: '¿Dónde encuentro la dirección del contrato de un token?',
      a: 'Cada token de BNB Smart Chain tiene una dirección de contrato: 0x seguido de 40 caracteres hexadecimales. Puedes encontrarla en un explorador de tokens como BscScan, o copiarla de la página del token en un DEX o en un sitio de gráficos.',
    },
    mobile: {
      q: '¿Puedo transmitir desde el móvil?',
      a: 'Desde el navegador del móvil todavía no: transmite desde un navegador de escritorio como Chrome, Edge, Brave o Firefox, o desde OBS. Ver transmisiones sí funciona en el móvil.',
    },
    duration: {
      q: '¿Cuánto puede durar una transmisión?',
      a: 'No hay un límite de duración estricto. Transmite el tiempo que quieras y termina cuando quieras con Finalizar transmisión.',
    },
  },
};
