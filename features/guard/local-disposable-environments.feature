Feature: one local dev environment is removed on the host, sweeps and remote resets are denied
  A kind or k3d cluster named on the line, the Supabase local stack's database and the Vagrant
  machines of the working directory are defined by the project and made again from it: removing
  one loses nothing the developer keeps. Removing every environment reaches other projects'
  ones, a machine id comes from elsewhere, and a reset of the linked project or a database URL
  destroys a remote database.

  Scenario Outline: one named local environment is removed, every environment or a remote one is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                            | verdict |
      | kind delete cluster --name search-e2e                              | allow   |
      | k3d cluster delete orders-dev                                      | allow   |
      | supabase db reset                                                  | allow   |
      | cd ops/vagrant && vagrant destroy -f                               | allow   |
      | kind delete clusters --all                                         | deny    |
      | kind get clusters \| xargs -n1 kind delete cluster --name          | deny    |
      | k3d cluster delete --all                                           | deny    |
      | supabase db reset --linked                                         | deny    |
      | supabase db reset --db-url postgresql://postgres@db.example.net/app | deny    |
      | vagrant destroy -f 9e41b07                                         | deny    |
      | minikube delete --all --purge                                      | deny    |

  Scenario Outline: a Rake task's NAME=value arguments are its environment
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                             | verdict |
      | bundle exec rake db:reset RAILS_ENV=development                     | allow   |
      | bin/rails db:drop db:create RAILS_ENV=test                          | allow   |
      | bundle exec rake db:reset RAILS_ENV=production                      | deny    |
      | bin/rails db:reset RAILS_ENV=test DATABASE_URL=postgres://db.example.org/app | deny    |
