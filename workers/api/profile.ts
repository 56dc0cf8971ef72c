/**
 * GET and PUT /api/{org}/profile (SPEC.md section 7). PUT bodies are partial: each names only the
 * fields a screen changes ({phone, name}, {social}, {language}, {details}, ...); workers/profile/
 * reads and writes them.
 */
import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { doc } from "../openapi/describe";
import { ref } from "../openapi/answers";
import * as v from "valibot";
import { LocaleSchema } from "../../app/domain/locales";
import { ONBOARDING_VERSION } from "../../app/domain/onboarding";
import { MemberNameSchema } from "../../app/domain/member-name";
import { phoneRequired, profilePhoneSchema } from "../../app/domain/phone";
import { ProfileDetailsSchema } from "../../app/domain/profile-details";
import { slugSchema } from "../../app/domain/slug";
import { SocialSchema } from "../../app/domain/social";
import { jsonBody } from "../lib/json-body";
import { readMemo } from "../lib/page-request";
import type { CommunityConfig } from "../tenant/config";
import { invalidInput } from "../lib/validation";
import type { AppEnv } from "../types";
import { orgScope } from "./org-scope";
import { ownProfileJson } from "../profile/own-profile";
import { updateOwnProfile } from "../profile/update";
import { removeAvatarFile, setAvatar } from "../profile/avatar";
import { readUpload } from "./attachments";


/**
 * Most choices a list of groups, categories or audiences may carry: more than any organisation offers
 * (40 categories, 30 audiences, groups by the hundred), and within the 64 KB body cap.
 */
export const MAX_PROFILE_CHOICES = 500;

const slugList = v.pipe(
  v.array(slugSchema(), "form_error_invalid"),
  v.maxLength(MAX_PROFILE_CHOICES, "form_error_invalid"),
);

const profileUpdateSchema = (region: string, community: CommunityConfig) =>
  v.pipe(
    v.partial(
      v.strictObject(
        {
          name: MemberNameSchema,
          phone: profilePhoneSchema(region, phoneRequired(community)),
          social: SocialSchema,
          commercial_comms_accepted: v.boolean("form_error_invalid"),
          participation_emails: v.boolean("form_error_invalid"),
          language: LocaleSchema,
          details: ProfileDetailsSchema,
          public_user_groups: slugList,
          target_audience: slugList,
          categories: slugList,
          avatar: v.null("form_error_invalid"),
          last_terms_accepted: v.literal(true, "form_error_invalid"),
          org_last_terms_accepted: v.literal(true, "form_error_invalid"),
          onboarding_completed_version: v.pipe(v.number("form_error_invalid"), v.integer("form_error_invalid"), v.minValue(0), v.maxValue(ONBOARDING_VERSION)),
          chat_password: v.pipe(v.string("form_error_invalid"), v.minLength(12, "form_error_invalid"), v.maxLength(200, "form_error_invalid")),
        },
        "form_error_unknown_field",
      ),
    ),
    v.check((body) => Object.keys(body).length > 0, "form_error_empty_update"),
  );

export const profileRoutes = new Hono<AppEnv>()
  .use(orgScope)
  .get("/", describeRoute(doc("Profile", "member", { answer: ref("OwnProfile"), summary: "The member's own profile in this organisation." })), async (c) => c.json(await ownProfileJson(c.env, c.var.auth.memberId, c.var.org, c.var.membership, readMemo(c))))

  .put("/", describeRoute(doc("Profile", "member", { answer: ref("OwnProfile"), summary: "Change the profile; bodies are partial (phone and name, social, language, details, avatar...).", body: { description: "A partial profile as JSON, or multipart/form-data with the picture in `avatar`.", schema: { type: "object" } }, errors: { 400: ["validation_error"], 409: ["phone_in_use"], 413: ["image_too_large"], 415: ["unsupported_file_type"] } })), async (c) => {
    const { memberId } = c.var.auth;
    // {avatar} as a file: multipart/form-data with the picture in the field `avatar`.
    if (c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
      await setAvatar(c.env, memberId, () => readUpload(c, "image", "avatar"));
      return c.json(await ownProfileJson(c.env, memberId, c.var.org, c.var.membership));
    }
    const raw = await jsonBody(c);
    const parsed = v.safeParse(profileUpdateSchema(c.var.org.community.region ?? c.var.org.region, c.var.org.community), raw);
    if (!parsed.success) throw invalidInput(parsed.issues);
    if (parsed.output.avatar === null) await removeAvatarFile(c.env, memberId);
    const membership = await updateOwnProfile(c.env, memberId, c.var.org, c.var.membership, parsed.output);
    return c.json(await ownProfileJson(c.env, memberId, c.var.org, membership));
  });
