-- CreateTable
CREATE TABLE "ThreadMessage" (
    "id" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "auditItemId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ThreadMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationSeen" (
    "userId" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NotificationSeen_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "ThreadMessage_auditItemId_createdAt_idx" ON "ThreadMessage"("auditItemId", "createdAt");

-- CreateIndex
CREATE INDEX "ThreadMessage_authorId_auditItemId_idx" ON "ThreadMessage"("authorId", "auditItemId");

-- CreateIndex
CREATE INDEX "ThreadMessage_auditId_createdAt_idx" ON "ThreadMessage"("auditId", "createdAt");

-- AddForeignKey
ALTER TABLE "ThreadMessage" ADD CONSTRAINT "ThreadMessage_auditItemId_fkey" FOREIGN KEY ("auditItemId") REFERENCES "AuditItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ThreadMessage" ADD CONSTRAINT "ThreadMessage_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationSeen" ADD CONSTRAINT "NotificationSeen_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
