//! Families of commands the blind19 round brought (KG only): smart-contract tooling, Nix
//! profiles and store reads, WordPress's CLI, schema migration and serverless build reads. Each
//! table holds the forms the entries allow and the nearby forms that stay confined or denied.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// Builds, tests, local chains and chain reads run; a deployment script stays confined and a
/// transaction signed with the user's wallet is denied.
#[test]
fn contract_builds_and_reads_run_and_signed_transactions_are_denied() {
    decide_in_project(&[
        ("forge build --sizes", Allow),
        ("forge test -vvv --match-path test/Escrow.t.sol", Allow),
        ("forge fmt --check", Allow),
        ("anvil --port 8547", Allow),
        (
            "cast call 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC 'decimals()(uint8)' --rpc-url http://127.0.0.1:8547",
            Allow,
        ),
        ("pnpm hardhat compile", Allow),
        ("npx hardhat test --network hardhat", Allow),
        (
            "forge script script/Seed.s.sol --rpc-url http://127.0.0.1:8547 --broadcast",
            Sandbox,
        ),
        (
            "yarn hardhat run scripts/seed.ts --network localhost",
            Sandbox,
        ),
        (
            "forge script script/Drain.s.sol --rpc-url https://rpc.example.org --keystore ~/.foundry/keystores/ops --broadcast",
            Deny,
        ),
        (
            "cast send 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC 'withdraw()' --account ops --rpc-url https://rpc.example.org",
            Deny,
        ),
        ("cast wallet private-key --account ops", Deny),
        (
            "solana transfer 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM 40",
            Deny,
        ),
    ]);
}

/// Store and flake reads run; deleting the profiles' old generations is denied, a plain
/// collection stays confined.
#[test]
fn nix_reads_run_and_deleting_generations_is_denied() {
    decide_in_project(&[
        ("nix-store --gc --print-dead", Allow),
        ("nix flake show", Allow),
        ("nix path-info -rS .#default", Allow),
        ("nix-store --gc", Sandbox),
        ("nix-collect-garbage", Sandbox),
        ("nix-collect-garbage -d", Deny),
        ("sudo nix-collect-garbage --delete-older-than 2d", Deny),
        ("nix-env --delete-generations +3", Deny),
        ("home-manager expire-generations '-30 days'", Deny),
    ]);
}

/// WordPress's reads, dry runs and dumps run; resetting or emptying the site is denied;
/// installing a plugin stays confined.
#[test]
fn wordpress_reads_run_and_resets_are_denied() {
    decide_in_project(&[
        ("wp theme list --path=site", Allow),
        ("wp option get home --path=site", Allow),
        (
            "wp search-replace 'http://news.localhost' 'https://news.test' --dry-run",
            Allow,
        ),
        ("wp db export build/news.sql --path=site", Allow),
        ("wp plugin install classic-editor --activate", Sandbox),
        ("wp search-replace 'a.test' 'b.test' --all-tables", Sandbox),
        ("wp db reset --yes", Deny),
        ("wp site empty --yes --path=site", Deny),
    ]);
}

/// Migration status and verification, and serverless builds, run; reverting a deployed plan,
/// rolling every batch back or deleting a stack is denied.
#[test]
fn migration_and_serverless_reads_run_and_reverts_are_denied() {
    decide_in_project(&[
        ("atlas migrate hash --dir file://db/migrations", Allow),
        ("atlas schema inspect -u sqlite://dev.db", Allow),
        ("sqitch status db:pg://localhost/orders_dev", Allow),
        ("knex migrate:rollback --env development", Allow),
        ("sam build --cached", Allow),
        ("serverless package --stage dev", Allow),
        ("knex migrate:rollback --all", Deny),
        ("sqitch revert -y db:pg://pg.internal/orders", Deny),
        ("sam delete --stack-name orders-dev --no-prompts", Deny),
        ("serverless deploy --stage prod", Sandbox),
    ]);
}
