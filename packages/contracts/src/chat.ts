// Owned by the chat work; schemas and types for this domain go here.
export {};
