"use client";
import { signOut } from "next-auth/react";
import { Button } from "../ui/button";

export function SignOutButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => signOut({ callbackUrl: "/login" })}>
      {label}
    </Button>
  );
}
