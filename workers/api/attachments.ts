import { Hono } from "hono";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

export const attachmentRoutes = new Hono<AppEnv>().use(orgScope);
