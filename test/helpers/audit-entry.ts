// An audit entry as the pipeline records it, with plain defaults: tests name what matters to them.
import type { AuditEntry } from "../../src/platform/audit/audit-writer";

export function auditEntry(fields: Pick<AuditEntry, "userId" | "apiKeyId"> & Partial<AuditEntry>): AuditEntry {
  return {
    apiKeyName: "k",
    apiKeyPrefix: "cnpy_live_00",
    endpoint: "/api/v1/me/profile/",
    method: "GET",
    statusCode: 200,
    ipAddress: "192.0.2.1",
    responseTimeMs: 3,
    timestamp: new Date("2026-05-06T07:08:09.123Z"),
    ...fields,
  };
}
