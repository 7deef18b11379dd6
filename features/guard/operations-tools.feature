Feature: operations tools: reads and dry runs stay on the host, what wipes or mutes is denied
  Configuration management, scheduler, DNS-as-code, directory, ticket, alerting, local CI and
  artifact tools each have reads and documented dry runs that change nothing, real runs that the
  user decides, and forms that cannot be taken back. Requests to the private network (private
  addresses and names under `.internal`, `.home.arpa`, `.local`) are the developer's own.

  Scenario Outline: reads and dry runs are allowed, their real runs are confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                  | verdict |
      | ansible-playbook -i inventories/stage site.yml --check --diff --limit db-2 | allow   |
      | ansible-playbook -i inventories/stage site.yml --limit db-2               | sandbox |
      | ansible-inventory -i inventories/stage --graph                           | allow   |
      | ansible -i inventories/stage all -m ping                                 | allow   |
      | ansible -i inventories/stage all -m ping -m shell -a hostname            | sandbox |
      | ansible -i inventories/stage all -a 'free -m'                            | sandbox |
      | pyinfra inventory.py tasks/base.py --dry                                 | allow   |
      | pyinfra inventory.py tasks/base.py                                       | sandbox |
      | ldapsearch -x -H ldap://127.0.0.1:1389 -b dc=corp,dc=test '(cn=qa)'      | allow   |
      | htpasswd -nbB qa-user qa-pass                                            | allow   |
      | htpasswd -bB deploy/.htpasswd qa-user qa-pass                            | sandbox |
      | amtool alert query --alertmanager.url=http://127.0.0.1:9093              | allow   |
      | amtool silence add alertname=CertExpiry --duration=1h                    | sandbox |
      | nomad job plan deploy/api.nomad.hcl                                      | allow   |
      | nomad job run deploy/api.nomad.hcl                                       | sandbox |
      | octodns-sync --config-file dns/stage.yaml                                | allow   |
      | act -j unit --dryrun                                                     | allow   |
      | act -j unit                                                              | sandbox |
      | rclone copy ./site pages:docs --dry-run                                  | allow   |
      | rclone copy ./site pages:docs                                            | sandbox |
      | tmux capture-pane -pt api -S -100                                        | allow   |
      | dig +short grafana.internal                                              | allow   |
      | curl -s http://search.internal:9200/_cat/indices                         | allow   |
      | curl -s https://internal.example.net/_cat/indices                        | sandbox |

  Scenario Outline: what wipes operations state or blinds the people on call is denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                  | verdict |
      | octodns-sync --config-file dns/prod.yaml --doit                          | deny    |
      | dnscontrol push --domains example.org                                    | deny    |
      | nomad job stop -purge -address=https://nomad.example.org:4646 api        | deny    |
      | nomad job status api                                                     | allow   |
      | amtool silence add 'instance=~.+' --duration=300h                        | deny    |
      | ldapdelete -r -x -H ldap://ldap.example.org ou=staff,dc=example,dc=org   | deny    |
      | kdestroy -A                                                              | deny    |
      | kdestroy                                                                 | sandbox |
      | tmux kill-server                                                         | deny    |
      | tmux kill-session -t api                                                 | allow   |
      | git annex drop --force datasets/                                         | deny    |
      | curl -s http://search.internal:9200/_delete_by_query -X POST -d '{}'     | deny    |
