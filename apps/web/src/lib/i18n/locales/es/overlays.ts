/** Overlays de OBS (issue 34, punto 3): las páginas, su panel en la cabina y la sección de la guía. */
export const overlays = {
  kinds: { chat: 'Chat', alerts: 'Alertas', goal: 'Meta de propinas' },
  notFound: 'Este enlace de overlay no existe o fue reemplazado: copia el nuevo desde tu cabina.',
  loadFailed: 'No se pudo cargar el overlay. Lo reintenta solo.',
  alert: {
    follow: 'Nuevo seguidor',
    tip: 'Propina',
    buy: 'Compra',
    sell: 'Venta',
    whale: 'Compra ballena',
    followText: '{{who}} sigue el stream',
    tipText: '{{who}} dio una propina de {{amount}} BNB',
    buyText: '{{who}} compró {{amount}} BNB de ${{symbol}}',
    sellText: '{{who}} vendió {{amount}} BNB de ${{symbol}}',
  },
  goal: {
    none: 'Sin meta de propinas',
    progress: '{{raised}} / {{goal}} BNB',
    label: 'Meta de propinas',
  },
  cockpit: {
    title: 'Overlays de OBS',
    intro:
      'Añádelos como fuentes de navegador en OBS. Quien tenga un enlace puede ver ese overlay: mantenlos en privado.',
    size: '{{width}} × {{height}}',
    copy: 'Copiar la URL del overlay {{kind}}',
    copied: 'URL del overlay copiada',
    copyFailed: 'No se pudo copiar',
    preview: 'Vista previa',
    previewTitle: 'Vista previa del overlay {{kind}}',
    sound: 'Reproducir un sonido con cada alerta',
    regenerate: 'Nuevos enlaces',
    regenerateConfirm:
      '¿Crear nuevos enlaces de overlay? Los actuales dejan de funcionar en OBS hasta que pegues los nuevos.',
    regenerated: 'Nuevos enlaces creados: actualízalos en OBS',
    failed: 'No se pudieron cargar los enlaces de overlay',
  },
  guide: {
    title: 'Overlays en OBS',
    intro:
      'Tu cabina muestra tres enlaces de overlay: chat, alertas (propinas, compras por encima de tu importe de alerta y nuevos seguidores) y tu meta de propinas. Cada uno es una página transparente hecha para OBS.',
    steps: {
      add: 'En OBS, en Fuentes, pulsa + y elige Navegador.',
      url: 'Pega el enlace del overlay como URL.',
      size: 'Indica el ancho y el alto: chat 400 × 600, alertas 800 × 200, meta de propinas 600 × 80.',
      sound:
        'Para oír un sonido con cada alerta, actívalo en la cabina antes de copiar el enlace de alertas (termina en ?sound=1) y marca «Controlar audio mediante OBS».',
    },
    outro:
      'Los enlaces son secretos: si uno se filtra, pulsa Nuevos enlaces en la cabina y pega los nuevos; los antiguos dejan de funcionar.',
  },
};
