// Owned by the tokens work; schemas and types for this domain go here.
export {};
