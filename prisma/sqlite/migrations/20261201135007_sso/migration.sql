-- CreateTable
CREATE TABLE "SsoLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSignInAt" DATETIME,
    CONSTRAINT "SsoLink_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SsoSettings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "allowProvisioning" BOOLEAN NOT NULL DEFAULT false,
    "roleClaim" TEXT NOT NULL,
    "roleMap" JSONB NOT NULL,
    "passwordSignIn" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" DATETIME NOT NULL,
    "updatedById" TEXT
);

-- CreateIndex
CREATE UNIQUE INDEX "SsoLink_issuer_subject_key" ON "SsoLink"("issuer", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "SsoLink_userId_issuer_key" ON "SsoLink"("userId", "issuer");
