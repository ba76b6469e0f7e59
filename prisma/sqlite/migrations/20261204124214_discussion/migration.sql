-- CreateTable
CREATE TABLE "ThreadMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "auditId" TEXT NOT NULL,
    "auditItemId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ThreadMessage_auditItemId_fkey" FOREIGN KEY ("auditItemId") REFERENCES "AuditItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ThreadMessage_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NotificationSeen" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "seenAt" DATETIME NOT NULL,
    CONSTRAINT "NotificationSeen_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ThreadMessage_auditItemId_createdAt_idx" ON "ThreadMessage"("auditItemId", "createdAt");

-- CreateIndex
CREATE INDEX "ThreadMessage_authorId_auditItemId_idx" ON "ThreadMessage"("authorId", "auditItemId");

-- CreateIndex
CREATE INDEX "ThreadMessage_auditId_createdAt_idx" ON "ThreadMessage"("auditId", "createdAt");
