export const explore = {
  title: 'Explorer les streams',
  subtitle: "Tous les streams de tokens, ceux en direct d'abord.",
  placeholder: 'Rechercher des streams, tokens...',
  label: 'Rechercher des streams, tokens',
  search: 'Rechercher',
  clear: 'Effacer la recherche',
  noStreamsFound: 'Aucun stream trouvé',
  noStreamsText: "Il n'y a pas encore de stream. Lancez le premier !",
  noResultsFor:
    "Aucun résultat pour <b>« {{term}} »</b>. Essayez le nom, le symbole ou l'adresse d'un token.",
  resultsFor_one: '<b>{{n}}</b> résultat pour <t>« {{term}} »</t>',
  resultsFor_many: '<b>{{n}}</b> résultats pour <t>« {{term}} »</t>',
  resultsFor_other: '<b>{{n}}</b> résultats pour <t>« {{term}} »</t>',
  streams_one: '<b>{{n}}</b> stream',
  streams_many: '<b>{{n}}</b> streams',
  streams_other: '<b>{{n}}</b> streams',
};

export const trending = {
  title: 'Tokens tendance',
  subtitle: 'Les streams de tokens les plus valorisés et les plus regardés du moment.',
  sortBy: 'Trier par',
  sort: { market_cap: 'Capitalisation', participants: 'Participants', activity: 'Activité' },
  token: 'Token',
  marketCap: 'Capitalisation',
  status: 'Statut',
  participants: 'Participants',
  participantsCount_one: '{{n}} participant',
  participantsCount_many: '{{n}} participants',
  participantsCount_other: '{{n}} participants',
  empty: 'Aucun token tendance pour le moment',
  emptyText: "Les tokens apparaissent ici dès que quelqu'un les streame.",
};

export const favorites = {
  title: 'Favoris',
  subtitle: "Les streams que vous aimez ou suivez, ceux en direct d'abord.",
  connect: 'Connectez votre portefeuille pour voir vos favoris',
  empty: 'Aucun favori pour le moment',
  emptyText: 'Aimez ou suivez un stream et il apparaîtra ici.',
};

export const profile = {
  title: 'Profil',
  connect: 'Connectez votre portefeuille pour voir votre profil',
  loadFailed: 'Impossible de charger le profil',
  username: "Nom d'utilisateur",
  usernameRule: "Le nom d'utilisateur doit faire 3 à 20 caractères : a–z, 0–9 ou _",
  usernameHint: 'Affiché sur vos streams et dans le chat.',
  avatarRule: "L'avatar doit être une URL http(s)",
  avatar: "URL de l'image d'avatar",
  avatarHint: 'Un lien http(s) vers une image carrée.',
  save: 'Enregistrer le profil',
  saved: 'Profil enregistré',
  invalid: 'Profil invalide',
  saveFailed: "Impossible d'enregistrer votre profil",
  myStreams: 'Mes streams',
  noStreams: "Vous n'avez pas encore streamé.",
  dashboard: 'Tableau de bord',
  dashboardOf: 'Tableau de bord de {{name}}',
  view: 'Voir',
  viewOf: 'Voir {{name}}',
};

export const notFound = {
  title: '404 Page introuvable',
  text: "La page que vous cherchez n'existe pas ou a été déplacée.",
};

export const routeError = {
  title: "Erreur inattendue de l'application !",
  text: "Une erreur s'est produite lors de l'affichage de cette page.",
};

export const inbox = {
  title: 'Notifications',
  subtitle: 'Les streams lancés, les pourboires reçus et vos signalements traités.',
  connect: 'Connectez votre portefeuille pour voir vos notifications',
  loadFailed: 'Impossible de charger vos notifications',
  empty: 'Rien pour le moment. Suivez des streams pour savoir quand ils commencent.',
  live: '{{name}} (${{symbol}}) est passé en direct',
  liveNow: 'En direct',
  tip: '{{from}} a donné un pourboire de {{amount}} BNB sur {{name}}',
  report: 'Votre signalement de {{name}} ({{reason}}) a été traité',
  settings: 'Réglages des notifications',
};
