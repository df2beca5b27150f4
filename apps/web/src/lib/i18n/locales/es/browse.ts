export const explore = {
  title: 'Explorar transmisiones',
  subtitle: 'Todas las transmisiones de tokens, primero las que están en vivo.',
  placeholder: 'Buscar transmisiones, tokens...',
  label: 'Buscar transmisiones, tokens',
  search: 'Buscar',
  clear: 'Borrar búsqueda',
  noStreamsFound: 'No se encontraron transmisiones',
  noStreamsText: 'Aún no hay transmisiones. ¡Empieza la primera!',
  noResultsFor:
    'Sin resultados para <b>“{{term}}”</b>. Prueba con el nombre, símbolo o dirección de un token.',
  resultsFor_one: '<b>{{n}}</b> resultado para <t>“{{term}}”</t>',
  resultsFor_many: '<b>{{n}}</b> resultados para <t>“{{term}}”</t>',
  resultsFor_other: '<b>{{n}}</b> resultados para <t>“{{term}}”</t>',
  streams_one: '<b>{{n}}</b> transmisión',
  streams_many: '<b>{{n}}</b> transmisiones',
  streams_other: '<b>{{n}}</b> transmisiones',
};

export const trending = {
  title: 'Tokens en tendencia',
  subtitle: 'Las transmisiones de tokens más valiosas y más vistas ahora mismo.',
  sortBy: 'Ordenar por',
  sort: { market_cap: 'Capitalización', participants: 'Participantes', activity: 'Actividad' },
  token: 'Token',
  marketCap: 'Capitalización',
  status: 'Estado',
  participants: 'Participantes',
  participantsCount_one: '{{n}} participante',
  participantsCount_many: '{{n}} participantes',
  participantsCount_other: '{{n}} participantes',
  empty: 'Aún no hay tokens en tendencia',
  emptyText: 'Los tokens aparecen aquí en cuanto alguien los transmite.',
};

export const favorites = {
  title: 'Favoritos',
  subtitle: 'Transmisiones que te gustan o sigues, primero las que están en vivo.',
  connect: 'Conecta tu billetera para ver tus favoritos',
  empty: 'Aún no tienes favoritos',
  emptyText: 'Dale me gusta o sigue una transmisión y aparecerá aquí.',
};

export const profile = {
  title: 'Perfil',
  connect: 'Conecta tu billetera para ver tu perfil',
  loadFailed: 'No se pudo cargar el perfil',
  username: 'Nombre de usuario',
  usernameRule: 'El nombre de usuario debe tener 3–20 caracteres: a–z, 0–9 o _',
  usernameHint: 'Se muestra en tus transmisiones y en el chat.',
  avatarRule: 'El avatar debe ser una URL http(s)',
  avatar: 'URL de la imagen de avatar',
  avatarHint: 'Un enlace http(s) a una imagen cuadrada.',
  save: 'Guardar perfil',
  saved: 'Perfil guardado',
  invalid: 'Perfil no válido',
  saveFailed: 'No se pudo guardar tu perfil',
  myStreams: 'Mis transmisiones',
  noStreams: 'Todavía no has transmitido.',
  dashboard: 'Panel',
  dashboardOf: 'Panel de {{name}}',
  view: 'Ver',
  viewOf: 'Ver {{name}}',
};

export const notFound = {
  title: '404 Página no encontrada',
  text: 'La página que buscas no existe o se ha movido.',
};

export const routeError = {
  title: '¡Error inesperado de la aplicación!',
  text: 'Algo salió mal al mostrar esta página.',
};

export const inbox = {
  title: 'Notificaciones',
  subtitle: 'Quién empezó a transmitir, las propinas que recibiste y tus reportes atendidos.',
  connect: 'Conecta tu billetera para ver tus notificaciones',
  loadFailed: 'No se pudieron cargar tus notificaciones',
  empty: 'Nada todavía. Sigue transmisiones para saber cuándo empiezan.',
  live: '{{name}} (${{symbol}}) empezó a transmitir',
  liveNow: 'En vivo ahora',
  tip: '{{from}} dio una propina de {{amount}} BNB en {{name}}',
  report: 'Tu reporte sobre {{name}} ({{reason}}) fue atendido',
  settings: 'Ajustes de notificaciones',
};
