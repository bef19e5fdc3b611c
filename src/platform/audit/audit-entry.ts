// One audited request, as the pipeline records it and the writer stores it. Its own file, so
// the writer and the statements it builds (audit-batch.ts, audit-blocks.ts, ...) all name it
// without importing each other in a circle.
export interface AuditEntry {
  userId: string;
  apiKeyId: string;
  apiKeyName: string;
  apiKeyPrefix: string;
  endpoint: string;
  method: string;
  statusCode: number;
  ipAddress: string;
  responseTimeMs: number;
  timestamp: Date;
}
