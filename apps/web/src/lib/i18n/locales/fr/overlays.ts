/** Overlays OBS (issue 34, point 3) : les pages, leur panneau dans le cockpit et la section du guide. */
export const overlays = {
  kinds: { chat: 'Chat', alerts: 'Alertes', goal: 'Objectif de pourboires' },
  notFound: "Ce lien d'overlay n'existe pas ou a été remplacé : copiez le nouveau depuis votre cockpit.",
  loadFailed: "L'overlay n'a pas pu se charger. Il réessaie tout seul.",
  alert: {
    follow: 'Nouvel abonné',
    tip: 'Pourboire',
    buy: 'Achat',
    sell: 'Vente',
    whale: 'Achat baleine',
    followText: '{{who}} suit le stream',
    tipText: '{{who}} a donné un pourboire de {{amount}} BNB',
    buyText: '{{who}} a acheté pour {{amount}} BNB de ${{symbol}}',
    sellText: '{{who}} a vendu pour {{amount}} BNB de ${{symbol}}',
  },
  goal: {
    none: 'Aucun objectif de pourboires',
    progress: '{{raised}} / {{goal}} BNB',
    label: 'Objectif de pourboires',
  },
  cockpit: {
    title: 'Overlays OBS',
    intro:
      'Ajoutez-les comme sources Navigateur dans OBS. Toute personne qui a un lien peut voir cet overlay : gardez-les privés.',
    size: '{{width}} × {{height}}',
    copy: "Copier l'URL de l'overlay {{kind}}",
    copied: "URL de l'overlay copiée",
    copyFailed: 'Impossible de copier',
    preview: 'Aperçu',
    previewTitle: "Aperçu de l'overlay {{kind}}",
    sound: 'Jouer un son à chaque alerte',
    regenerate: 'Nouveaux liens',
    regenerateConfirm:
      "Créer de nouveaux liens d'overlay ? Les liens actuels cessent de fonctionner dans OBS jusqu'à ce que vous colliez les nouveaux.",
    regenerated: 'Nouveaux liens créés : mettez-les à jour dans OBS',
    failed: "Impossible de charger les liens d'overlay",
  },
  guide: {
    title: 'Overlays dans OBS',
    intro:
      "Votre cockpit liste trois liens d'overlay : chat, alertes (pourboires, achats au-dessus de votre seuil d'alerte et nouveaux abonnés) et votre objectif de pourboires. Chacun est une page transparente faite pour OBS.",
    steps: {
      add: 'Dans OBS, sous Sources, cliquez sur + et choisissez Navigateur.',
      url: "Collez le lien de l'overlay comme URL.",
      size: 'Indiquez la largeur et la hauteur : chat 400 × 600, alertes 800 × 200, objectif de pourboires 600 × 80.',
      sound:
        "Pour un son à chaque alerte, activez-le dans le cockpit avant de copier le lien des alertes (il finit par ?sound=1), et cochez « Contrôler l'audio via OBS ».",
    },
    outro:
      "Les liens sont secrets : si l'un d'eux fuite, cliquez sur Nouveaux liens dans le cockpit et collez les nouveaux ; les anciens cessent de fonctionner.",
  },
};
