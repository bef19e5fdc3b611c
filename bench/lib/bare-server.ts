// The baseline of bench/http.ts: the framework alone, one hello-world route, nothing else.
// Run as its own process, as the service is, so both are measured the same way.
import Fastify from "fastify";

const port = Number(process.env.PORT ?? "0");
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

await app.listen({ port, host: "127.0.0.1" });
const stop = () => void app.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
