import { Hono } from "hono";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";

export const contributionRoutes = new Hono<AppEnv>().use(orgScope);
