/**
 * Chat data (docs/api/chat.md): every read and write of conversations and messages, scoped by the
 * organisation and checked against the member's participation. The REST routes (workers/api/chat.ts)
 * and the member's Durable Object (durable-objects/chat-member.ts) both go through here, so the
 * rules (validation, rate limit, isolation) are the same on either path. One module per part:
 * ./model (shapes), ./members, ./conversations, ./messages.
 */
export * from "./model";
export * from "./members";
export * from "./conversations";
export * from "./messages";
