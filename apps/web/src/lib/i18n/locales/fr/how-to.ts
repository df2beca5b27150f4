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
      text: "Vérifiez le token, écrivez un titre et une description, et autorisez l'accès à la caméra et au micro dans votre navigateur.",
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
    mint: {
      q: "Où trouver l'adresse (mint) d'un token ?",
      a: "Le mint est l'adresse du contrat du token. Vous la trouverez sur un explorateur de tokens comme BscScan, ou sur la page du token d'un DEX ou d'un site de graphiques.",
    },
    mobile: {
      q: 'Puis-je streamer depuis mon téléphone ?',
      a: "Pas encore. Le stream depuis un mobile n'est pas encore pris en charge : lancez-vous depuis un navigateur de bureau comme Chrome, Edge, Brave ou Firefox. Regarder fonctionne sur mobile.",
    },
    duration: {
      q: 'Combien de temps peut durer un stream ?',
      a: "Il n'y a pas de limite de durée stricte. Streamez aussi longtemps que vous voulez et arrêtez à tout moment avec Terminer le stream.",
    },
  },
};
