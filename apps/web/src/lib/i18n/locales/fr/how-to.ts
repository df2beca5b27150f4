export const howTo = {
  title: 'Comment streamer',
  subtitle: 'Passez en direct sur votre token BNB Smart Chain préféré en quatre étapes.',
  stepsLabel: 'Étapes',
  stepN: 'Étape {{n}} : ',
  steps: {
    connect: {
      title: 'Connectez votre portefeuille',
      text: 'Cliquez sur Connecter le portefeuille et approuvez la connexion dans MetaMask, Trust Wallet, Rabby ou tout portefeuille BNB Smart Chain. Votre portefeuille est votre identité.',
    },
    token: {
      title: 'Saisissez le token',
      text: "Collez l'adresse du contrat du token (0x suivi de 40 caractères hexadécimaux). Nous récupérons son nom, son prix et sa capitalisation.",
    },
    setup: {
      title: 'Préparez votre stream',
      text: "Vérifiez le token, écrivez un titre et une description, et choisissez comment diffuser : depuis ce navigateur (autorisez l'accès à la caméra et au micro) ou depuis OBS.",
    },
    live: {
      title: 'Passez en direct',
      text: 'Appuyez sur Lancer le stream en direct. Partagez votre écran ou votre caméra, parlez à vos spectateurs et terminez quand vous voulez.',
    },
  },
  featuresTitle: 'Ce que vous obtenez',
  features: {
    share: {
      title: "Caméra et partage d'écran",
      text: "Diffusez votre caméra, vos graphiques, ou les deux en incrustation d'image.",
    },
    market: {
      title: 'Données de marché en direct',
      text: 'Prix, variation sur 24 h, volume, capitalisation et liquidité à côté de votre vidéo.',
    },
    chat: { title: 'Chat en direct', text: 'Les spectateurs suivent et parlent du token en temps réel.' },
    identity: {
      title: 'Identité par portefeuille',
      text: 'Ni compte ni mot de passe : streamers et spectateurs sont leur adresse de portefeuille.',
    },
  },
  obs: {
    title: 'Streamer avec OBS (WHIP)',
    intro:
      "OBS Studio 30 ou plus récent publie directement sur Mintcast en WHIP, sans plugin. À l'étape 3, choisissez « OBS / logiciel de streaming » et appuyez sur Configurer le stream OBS : le tableau de bord de votre stream affiche l'URL du serveur WHIP et votre clé de stream (affichez-la de nouveau là à tout moment, ou régénérez-la).",
    settings: {
      service: {
        label: 'Paramètres → Stream',
        value: "Service : WHIP. Serveur : l'URL du serveur WHIP. Bearer Token : votre clé de stream.",
      },
      encoder: {
        label: 'Encodeur vidéo',
        value: 'x264 ou un encodeur H.264 matériel (NVENC, Quick Sync, AMF, VideoToolbox).',
      },
      keyframe: {
        label: "Intervalle d'images clés",
        value:
          "1 s : un spectateur qui arrive, ou qui passe à une qualité plus basse, attend l'image une seconde au plus.",
      },
      bframes: {
        label: 'Images B',
        value:
          '0 (aucune) : les navigateurs lisent la vidéo WebRTC sans elles. Avec x264, utilisez le profil « baseline » ou le réglage « zerolatency ».',
      },
      rate: {
        label: 'Contrôle du débit',
        value:
          'CBR, 2 500 à 4 500 kb/s pour du 720p ou du 1080p à 30 i/s ; restez sous 70 % environ de votre débit montant.',
      },
      audio: { label: 'Audio', value: 'Opus (OBS le choisit pour WHIP), 128 à 160 kb/s.' },
    },
    outro:
      'Appuyez sur Démarrer le streaming dans OBS : le stream passe en direct quand la vidéo arrive et se termine quand vous arrêtez. Le tableau de bord montre ce que le serveur reçoit : résolution, images par seconde, débit et pertes.',
  },
  tipsTitle: 'Conseils pour un bon stream',
  tips: {
    connection: 'Utilisez une connexion filaire ou stable : la qualité vidéo suit votre débit montant.',
    light: 'Éclairez votre visage de face et placez la caméra à hauteur des yeux.',
    chart: 'Partagez le graphique dont vous parlez pour que les spectateurs suivent vos trades.',
    title:
      "Donnez un titre clair au stream : c'est ce que les gens voient dans la recherche et sur les cartes.",
    chat: 'Lisez le chat à voix haute et répondez aux questions : les spectateurs impliqués restent plus longtemps.',
  },
  faqTitle: 'Questions fréquentes',
  faq: {
    own: {
      q: 'Dois-je détenir le token pour en parler en stream ?',
      a: "Il n'est pas nécessaire de détenir le token : vous pouvez streamer sur n'importe quel token échangé sur BNB Smart Chain, que vous le possédiez ou non.",
    },
    address: {
      q: "Où trouver l'adresse du contrat d'un token ?",
      a: "Chaque token BNB Smart Chain a une adresse de contrat : 0x suivi de 40 caractères hexadécimaux. Vous la trouverez sur un explorateur de tokens comme BscScan, ou sur la page du token d'un DEX ou d'un site de graphiques.",
    },
    mobile: {
      q: 'Puis-je streamer depuis mon téléphone ?',
      a: 'Pas encore depuis le navigateur du téléphone : lancez-vous depuis un navigateur de bureau comme Chrome, Edge, Brave ou Firefox, ou depuis OBS. Regarder fonctionne sur mobile.',
    },
    duration: {
      q: 'Combien de temps peut durer un stream ?',
      a: "Il n'y a pas de limite de durée stricte. Streamez aussi longtemps que vous voulez et arrêtez à tout moment avec Terminer le stream.",
    },
  },
};
