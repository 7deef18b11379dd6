Feature: blind19 tool families judged from what each tool documents
  Smart-contract builds, tests, local chains and chain reads, Nix store and flake reads,
  WordPress's reads and dry runs, migration status and serverless builds run on the host; a
  deployment script and a plugin install are confined; a transaction signed with the user's
  wallet, deleting Nix profile generations and resetting a site's database are denied.

  Scenario Outline: contract builds and chain reads run, signed transactions are denied
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                                            | verdict |
      | forge test -vv --match-contract AuctionTest                                        | allow   |
      | anvil --chain-id 31337                                                             | allow   |
      | yarn hardhat compile                                                               | allow   |
      | forge script script/Setup.s.sol --rpc-url http://127.0.0.1:8545 --broadcast        | sandbox |
      | cast send 0x90F79bf6EB2c4f870365E785982E1f101E93b906 'claim()' --account hot-wallet | deny    |

  Scenario Outline: Nix reads run, deleting profile generations is denied
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                               | verdict |
      | nix-store --gc --print-dead           | allow   |
      | nix flake metadata                    | allow   |
      | nix-collect-garbage                   | sandbox |
      | nix-collect-garbage --delete-old      | deny    |
      | nix profile wipe-history              | deny    |

  Scenario Outline: WordPress reads and dry runs run, resets are denied
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                               | verdict |
      | wp plugin list --path=blog                                            | allow   |
      | wp search-replace 'http://shop.localhost' 'https://shop.test' --dry-run | allow   |
      | wp plugin install query-monitor                                       | sandbox |
      | wp db reset --yes --path=blog                                         | deny    |

  Scenario Outline: migration status and serverless builds run, reverts and stack deletes are denied
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                            | verdict |
      | atlas migrate validate --dir file://migrations     | allow   |
      | sqitch verify db:pg://localhost/catalog_dev        | allow   |
      | sam validate --lint                                | allow   |
      | sqitch revert -y db:pg://pg.internal/catalog       | deny    |
