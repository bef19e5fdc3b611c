// The options of the service's one logger (JSON lines on stdout, or a test's stream). Fastify
// builds it and hands out children per request; jobs and the platform log through the same one.
import type { FastifyLoggerOptions } from "fastify";
import type { LoggerOptions as PinoLoggerOptions } from "pino";
import type { Config } from "../config";
import { serializeError, type SerializedError } from "./error-serializer";

export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(config: Config, stream?: LogDestination): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level: config.logLevel,
    // Only Fastify's request serializer would reach headers; kept as a guard should it ever log them.
    redact: ['req.headers["x-api-key"]'],
    // Errors keep no statement parameters, row values or other data (see error-serializer.ts).
    serializers: { err: (err: Error) => serializeError(err) as SerializedError & { stack: string } },
    ...(stream ? { stream } : {}),
  };
}
