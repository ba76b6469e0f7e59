import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { openFile } from "@/lib/server/datasets/open-file";

/** Organizer upload: multipart files → all-or-nothing import → counts, or every located issue. */
export async function POST(request: Request) {
  const user = await guardRoute("datasets:manage", request);
  if (user instanceof Response) return user;
  const t = await getTranslations("datasets.upload.errors");
  const form = await request.formData();
  const files = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  if (files.length === 0) return Response.json({ error: t("noFiles") }, { status: 400 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-upload-"));
  try {
    const stored = [];
    for (const file of files) {
      // Only the base name: an uploaded name never chooses where we write.
      const target = path.join(dir, path.basename(file.name).replace(/[^\w.\-]/g, "_"));
      await pipeline(Readable.fromWeb(file.stream() as never), fs.createWriteStream(target));
      stored.push(openFile(target, path.basename(file.name)));
    }
    const name = String(form.get("name") ?? "").trim() || undefined;
    const outcome = await importDataset(db(), user.id, stored, { name });
    return Response.json(outcome, { status: outcome.status === "invalid" ? 422 : 200 });
  } catch (error) {
    console.error("[dataset import]", error);
    return Response.json({ error: t("unexpected") }, { status: 500 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
