/** Helpers of the chat Worker tests: a little world of members, and a socket client that waits for frames. */
import { expect } from "vitest";
import { call, createMember, json, login, seedOrganizations } from "./support";

export interface ChatMemberFixture {
  id: string;
  email: string;
  token: string;
}

export async function chatWorld() {
  const orgs = await seedOrganizations();
  const member = async (email: string, name: string, orgId = orgs.acme.id, role?: "system" | "admin") => {
    const created = await createMember({ email, name, orgId, role });
    return { id: created.id, email, token: (await login(email, "Correct-Horse-9")).body.access_token as string };
  };
  return { orgs, member };
}

export type Frame = Record<string, any>;

export class SocketClient {
  readonly frames: Frame[] = [];
  private waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  closed = false;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data)) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => (waiter.match(frame) ? (waiter.resolve(frame), false) : true));
    });
    ws.addEventListener("close", () => {
      this.closed = true;
    });
  }

  send(frame: Frame) {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame (already received or still to come) that matches. */
  next(match: (frame: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)), timeoutMs);
      this.waiters.push({ match, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  }

  ofType(type: string, extra: (frame: Frame) => boolean = () => true, timeoutMs?: number) {
    return this.next((frame) => frame.type === type && extra(frame), timeoutMs);
  }

  close() {
    this.ws.close(1000, "done");
  }
}

export async function upgrade(query: string, options: { token?: string; cookie?: string; headers?: Record<string, string> } = {}) {
  return call("GET", `/chat/socket${query}`, { token: options.token, cookie: options.cookie, headers: { Upgrade: "websocket", ...options.headers } });
}

/** Opens a socket and waits for its "ready" frame. */
export async function connect(member: { token: string }, query = "?org=acme") {
  const response = await upgrade(query, { token: member.token });
  expect(response.status).toBe(101);
  const client = new SocketClient(response.webSocket!);
  await client.ofType("ready");
  return client;
}

export async function openConversation(a: { token: string }, b: { id: string }, org = "acme") {
  const response = await call("POST", `/api/${org}/chat/conversations`, { token: a.token, body: { member_id: b.id } });
  expect([200, 201]).toContain(response.status);
  return (await json(response)).conversation.id as string;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
