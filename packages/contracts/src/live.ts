// Owned by the live work; schemas and types for this domain go here.
export {};
