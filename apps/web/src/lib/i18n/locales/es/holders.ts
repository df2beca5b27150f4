/** Chat para poseedores: insignias por nivel, los rechazos de los modos para poseedores y sus ajustes (issue 34, punto 4). */
export const holders = {
  tierTitle: 'Tiene el token: nivel {{tier}}',
  errors: {
    holders_only: 'Este chat es solo para poseedores de ${{symbol}}. Compra ${{symbol}} para chatear.',
    holder_slow_mode:
      'El modo lento está activado para quienes no tienen el token. Podrás enviar otro mensaje en {{seconds}} s, o ten ${{symbol}} para chatear sin esperar',
    holder_balance_unavailable:
      'Tu mensaje no se envió: no se pudo comprobar tu saldo de ${{symbol}} en BNB Smart Chain ahora mismo. Inténtalo de nuevo en un momento',
  },
  modes: {
    holdersOnly: 'Chat solo para poseedores',
    holdersOnlyHint: 'Solo las carteras que tienen el token pueden chatear',
    nonHolderSlow: 'Sin el token: modo lento {{n}} s',
  },
  cockpit: {
    title: 'Chat para poseedores',
    holdersOnly: 'Solo poseedores (carteras con el token)',
    holdersOnlyOn: 'Solo poseedores',
    slow: 'Modo lento para quienes no tienen el token',
    slowOff: 'Desactivado',
    slowSeconds: '{{seconds}} s',
    tiers: 'Niveles de insignia',
    tiersHint: 'Hasta 3. La insignia muestra el nivel más alto alcanzado; sin niveles dice «Poseedor».',
    tierName: 'Nombre del nivel',
    tierKind: 'Tipo de umbral',
    kindAmount: 'Tokens',
    kindShare: '% del suministro',
    tierValue: 'Al menos',
    addTier: 'Añadir un nivel',
    removeTier: 'Quitar el nivel {{name}}',
    saveTiers: 'Guardar niveles',
    saved: 'Ajustes del chat para poseedores guardados',
    failed: 'No se pudieron guardar los ajustes del chat para poseedores',
    invalid:
      'Da a cada nivel un nombre propio y un umbral mayor que 0 (un porcentaje del suministro es como mucho 100 %)',
  },
} as const;
