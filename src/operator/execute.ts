// Runs a parsed operator command through the services, in whichever process holds the database,
// and shapes its one JSON object. `migrate` is not here: what it means depends on who runs it.
import { grantCredits } from "../platform/credits/ledger";
import { createKey, listKeys, revokeKey, rotateKey } from "../modules/keys";
import { addTeamMember, createTeam, listTeams } from "../modules/teams";
import type { ServiceCtx } from "../platform/context";
import { createUser, findUserByEmail, listUsers, updateUser, type UserRow } from "../modules/users";
import { ValidationFailed } from "../platform/errors";
import { SERVICE_FIELD_FLAGS, type OperatorCommand } from "./commands";
import { describeFieldErrors, UsageError } from "./failures";

export type DataCommand = Exclude<OperatorCommand, { name: "migrate" }>;

function userView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    plan: user.plan,
    is_active: user.isActive,
    beta_access: user.betaAccess,
    is_staff: user.isStaff,
    date_joined: user.dateJoined.toISOString(),
  };
}

/** Runs the command; a value a service refuses field by field is a usage error naming the flags. */
export async function executeOperatorCommand(ctx: ServiceCtx, command: DataCommand): Promise<Record<string, unknown>> {
  try {
    return await execute(ctx, command);
  } catch (err) {
    if (!(err instanceof ValidationFailed)) throw err;
    throw new UsageError(describeFieldErrors(err.fields, SERVICE_FIELD_FLAGS[command.name]));
  }
}

async function execute(ctx: ServiceCtx, command: DataCommand): Promise<Record<string, unknown>> {
  switch (command.name) {
    case "users create":
      return userView(
        await createUser(ctx, {
          email: command.email,
          firstName: command.firstName,
          lastName: command.lastName,
          plan: command.plan,
          staff: command.staff,
          beta: command.beta,
        }),
      );
    case "users update":
      return userView(
        await updateUser(ctx, {
          email: command.email,
          plan: command.plan,
          active: command.active,
          beta: command.beta,
          staff: command.staff,
        }),
      );
    case "users list":
      return { users: (await listUsers(ctx, { plan: command.plan, active: command.active, staff: command.staff })).map(userView) };
    case "teams create":
      return createTeam(ctx, { name: command.teamName, ownerEmail: command.ownerEmail });
    case "teams add-member":
      return addTeamMember(ctx, { teamId: command.teamId, email: command.email, role: command.role });
    case "teams list": {
      if (command.email === undefined) return { teams: await listTeams(ctx) };
      const user = await findUserByEmail(ctx, command.email);
      return { email: user.email, teams: await listTeams(ctx, { memberId: user.id }) };
    }
    case "keys create": {
      const user = await findUserByEmail(ctx, command.email);
      return createKey(ctx, user.id, {
        name: command.keyName,
        type: command.type,
        scopes: command.scopes,
        expiresAt: command.expiresAt,
        allowedIps: command.allowedIps,
      });
    }
    case "keys list": {
      const user = await findUserByEmail(ctx, command.email);
      return { email: user.email, keys: await listKeys(ctx, user.id) };
    }
    case "keys revoke":
      return revokeKey(ctx, command.id, null);
    case "keys rotate":
      return rotateKey(ctx, command.id, null);
    case "credits grant": {
      const user = await findUserByEmail(ctx, command.email);
      const balance = await grantCredits(ctx, { userId: user.id, amount: command.amount, kind: command.kind });
      return {
        email: user.email,
        granted: command.amount,
        kind: command.kind,
        free_credits: balance.free,
        monthly_credits: balance.monthly,
        payg_credits: balance.payg,
        total_credits: balance.total,
      };
    }
  }
}
