import { redirect } from "next/navigation";
import { homeFor } from "@/lib/auth/permissions";
import { requireUser } from "@/lib/server/auth/current-user";

export default async function Home() {
  const user = await requireUser();
  redirect(homeFor(user.role));
}
