// Owned by the realtime work; schemas and types for this domain go here.
export {};
