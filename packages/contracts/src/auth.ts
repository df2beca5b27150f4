// Owned by the auth work; schemas and types for this domain go here.
export {};
