import { config } from 'zod/mini';

// zod probes for `new Function` to compile parsers; our Content-Security-Policy forbids eval, so the probe
// would be reported as a violation. Parse without it. Its own module, imported first by main.tsx, so it runs
// before any module that builds or parses a schema at load time (the i18n start-up reads the settings).
config({ jitless: true });
