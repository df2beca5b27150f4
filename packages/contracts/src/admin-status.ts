import * as z from 'zod/mini';

// zod/mini and a module of its own: every page's sidebar asks it (signed in), and importing it from
// moderation.ts would build all of that module's schemas at the web's start-up (decision 017).

/** `GET /api/admin/status`: whether the signed-in wallet is an admin. */
export const ZAdminStatus = z.object({ isAdmin: z.boolean() });
export type TAdminStatus = z.infer<typeof ZAdminStatus>;
