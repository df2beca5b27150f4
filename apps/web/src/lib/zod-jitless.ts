import { config } from 'zod/mini';

// zod probes for `new Function` to compile parsers; our Content-Security-Policy forbids eval, so the probe
// would be reported as a violation. Parse without it. Its own module, imported first by the start-up's first
// step that has zod in it (lib/i18n/i18n.ts, main.tsx's second step), so it runs before any module that builds
// or parses a schema at load time (the i18n start-up reads the settings).
config({ jitless: true });
