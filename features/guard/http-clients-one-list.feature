Feature: every HTTP client is one list
  The programs whose operands are URLs they contact (curl, wget, wget2, httpie, xh, xhs, curlie,
  httpstat, aria2c, fetch) are one list of the shared vocabulary. A credential option of any of
  them sent through a proxy the line names on another network is denied, as curl's always was;
  a proxy on this machine, or a request that sends no credential, stays confined.

  Scenario Outline: a credential of any HTTP client through a named proxy
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                 | verdict |
      | HTTPS_PROXY=http://203.0.113.44:3128 wget2 --http-password pw https://files.example.com/a | deny    |
      | HTTPS_PROXY=http://203.0.113.44:3128 curlie -u me:pw https://files.example.com/a        | deny    |
      | HTTPS_PROXY=http://203.0.113.44:3128 aria2c --http-password pw https://files.example.com/a | deny  |
      | HTTPS_PROXY=http://127.0.0.1:8080 wget2 --http-password pw https://files.example.com/a  | sandbox |
      | HTTPS_PROXY=http://203.0.113.44:3128 wget2 https://files.example.com/a                  | sandbox |
