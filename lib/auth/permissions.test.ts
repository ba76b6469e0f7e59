import { describe, expect, it } from "vitest";
import { can, homeFor, navFor, PERMISSIONS, ROLES } from "./permissions";

describe("permissions", () => {
  it("gives user management to admins only", () => {
    expect(ROLES.filter((r) => can(r, "users:manage"))).toEqual(["ADMIN"]);
  });
  it("gives audit backups to admins only", () => {
    expect(ROLES.filter((r) => can(r, "backup:manage"))).toEqual(["ADMIN"]);
  });
  it("gives the record-access log to admins only, linked from their navigation", () => {
    expect(ROLES.filter((r) => can(r, "access-log:read"))).toEqual(["ADMIN"]);
    expect(ROLES.filter((r) => navFor(r).some((n) => n.href === "/admin/access-log"))).toEqual(["ADMIN"]);
  });
  it("gives rating to clinicians only", () => {
    expect(ROLES.filter((r) => can(r, "review:rate"))).toEqual(["CLINICIAN"]);
  });
  it("grants every permission to someone", () => {
    for (const p of PERMISSIONS) expect(ROLES.some((r) => can(r, p))).toBe(true);
  });
  it("shows each role only the navigation it may open", () => {
    expect(navFor("CLINICIAN").map((n) => n.href)).toEqual(["/review"]);
    expect(navFor("ORGANIZER").map((n) => n.href)).toEqual(["/audits", "/datasets", "/evaluations"]);
    expect(ROLES.filter((r) => can(r, "evaluations:manage"))).toEqual(["ADMIN", "ORGANIZER"]);
    expect(navFor("ADMIN").map((n) => n.href)).toContain("/admin/users");
    expect(homeFor("CLINICIAN")).toBe("/review");
    expect(homeFor("ORGANIZER")).toBe("/audits");
    for (const role of ROLES) expect(navFor(role).map((n) => n.href)).toContain(homeFor(role));
  });
});
