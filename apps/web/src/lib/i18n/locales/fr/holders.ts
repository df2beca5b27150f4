/** Chat des détenteurs : badges par palier, refus des modes détenteurs et leurs réglages (issue 34, point 4). */
export const holders = {
  tierTitle: 'Détient le jeton : palier {{tier}}',
  errors: {
    holders_only: 'Ce chat est réservé aux détenteurs de ${{symbol}}. Achetez du ${{symbol}} pour discuter.',
    holder_slow_mode:
      'Le mode lent est activé pour les non-détenteurs. Vous pourrez envoyer un autre message dans {{seconds}} s, ou détenez du ${{symbol}} pour discuter sans attendre',
    holder_balance_unavailable:
      'Votre message n’a pas été envoyé : votre solde de ${{symbol}} n’a pas pu être vérifié sur BNB Smart Chain pour le moment. Réessayez dans un instant',
  },
  modes: {
    holdersOnly: 'Chat réservé aux détenteurs',
    holdersOnlyHint: 'Seuls les portefeuilles qui détiennent le jeton peuvent écrire',
    nonHolderSlow: 'Sans le jeton : mode lent {{n}} s',
  },
  cockpit: {
    title: 'Chat des détenteurs',
    holdersOnly: 'Détenteurs uniquement (portefeuilles qui ont le jeton)',
    holdersOnlyOn: 'Détenteurs uniquement',
    slow: 'Mode lent pour les non-détenteurs',
    slowOff: 'Désactivé',
    slowSeconds: '{{seconds}} s',
    tiers: 'Paliers de badge',
    tiersHint:
      'Jusqu’à 3. Le badge d’un détenteur montre le plus haut palier atteint ; sans palier, il indique « Détenteur ».',
    tierName: 'Nom du palier',
    tierKind: 'Type de seuil',
    kindAmount: 'Jetons',
    kindShare: '% de l’offre',
    tierValue: 'Au moins',
    addTier: 'Ajouter un palier',
    removeTier: 'Retirer le palier {{name}}',
    saveTiers: 'Enregistrer les paliers',
    saved: 'Réglages du chat des détenteurs enregistrés',
    failed: 'Impossible d’enregistrer les réglages du chat des détenteurs',
    invalid:
      'Donnez à chaque palier son propre nom et un seuil supérieur à 0 (une part de l’offre est au plus 100 %)',
  },
} as const;
