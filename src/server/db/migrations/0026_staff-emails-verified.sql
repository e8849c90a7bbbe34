-- Staff accounts created before decision 055 carry an unverified address; those created since are
-- verified from creation (the ADMIN who creates them attests to it). The older ones become verified
-- as of their creation, as if created today, unless another account (a member, or another staff
-- account) has verified the same address: that account proved the mailbox, and the unique index on
-- verified addresses keeps a single owner. Of staff accounts sharing an unverified address, the one
-- created first (then the lowest id). Addresses compare without letter case (decision 055).
UPDATE "users" AS "staff" SET "email_verified_at" = "staff"."created_at"
WHERE "staff"."role" IN ('OFFICER', 'ADMIN')
  AND "staff"."email_verified_at" IS NULL
  AND "staff"."email" <> ''
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS "other"
    WHERE lower("other"."email") = lower("staff"."email") AND "other"."email_verified_at" IS NOT NULL
  )
  AND NOT EXISTS (
    SELECT 1 FROM "users" AS "other"
    WHERE lower("other"."email") = lower("staff"."email")
      AND "other"."role" IN ('OFFICER', 'ADMIN')
      AND "other"."email_verified_at" IS NULL
      AND ("other"."created_at", "other"."id") < ("staff"."created_at", "staff"."id")
  );
