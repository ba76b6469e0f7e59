-- CreateTable
CREATE TABLE "SsoLink" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSignInAt" TIMESTAMP(3),

    CONSTRAINT "SsoLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoSettings" (
    "id" TEXT NOT NULL,
    "allowProvisioning" BOOLEAN NOT NULL DEFAULT false,
    "roleClaim" TEXT NOT NULL,
    "roleMap" JSONB NOT NULL,
    "passwordSignIn" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "SsoSettings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SsoLink_issuer_subject_key" ON "SsoLink"("issuer", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "SsoLink_userId_issuer_key" ON "SsoLink"("userId", "issuer");

-- AddForeignKey
ALTER TABLE "SsoLink" ADD CONSTRAINT "SsoLink_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
