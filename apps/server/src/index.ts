export { buildApp } from './app.ts';
export { type DatabaseHandle, type DatabaseTarget, openDatabase } from './db/database.ts';
export { type AppConfig, loadConfig } from './env.ts';
