// The credit balance by kind, as the API keeps it: free, monthly (with its last reset) and
// pay-as-you-go, spent in that order.
import { unwrap } from "@canopy/client";
import { useQuery } from "@tanstack/react-query";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { Loading } from "../ui/loading";
import { formatDay } from "../ui/format";

export function CreditsPanel() {
  const client = useClient();
  const credits = useQuery({ queryKey: ["me", "credits"], queryFn: async () => unwrap(await client.GET("/api/v1/me/credits/")) });
  return (
    <section aria-labelledby="credits-title">
      <h2 id="credits-title">Credits</h2>
      {credits.error ? <ErrorNotice error={credits.error} retry={credits} /> : null}
      {credits.isLoading ? <Loading label="Loading the credits" lines={1} /> : null}
      {credits.data ? (
        <dl className="stats" aria-label="Credit balance">
          <div>
            <dt>Total</dt>
            <dd>{credits.data.total_credits}</dd>
          </div>
          <div>
            <dt>Free</dt>
            <dd>{credits.data.free_credits}</dd>
          </div>
          <div>
            <dt>Monthly</dt>
            <dd>{credits.data.monthly_credits}</dd>
          </div>
          <div>
            <dt>Pay as you go</dt>
            <dd>{credits.data.payg_credits}</dd>
          </div>
          <div>
            <dt>Monthly reset</dt>
            <dd>{formatDay(credits.data.monthly_credits_last_reset)}</dd>
          </div>
          <div>
            <dt>Renewal</dt>
            <dd>{formatDay(credits.data.subscription_renewal_date)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
