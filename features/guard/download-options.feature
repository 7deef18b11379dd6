Feature: a download client's switches do not hide the host it contacts
  wget's switches (`-c` continue, `-r` recursive, `-m` mirror) take no value, unlike curl's
  letters of the same names: the URL after them is still the host the line contacts, confined
  when nobody answers for it.

  Scenario Outline: wget with switches is judged by the host it fetches from
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                    | verdict |
      | wget -c https://mirror.example.net/data/set.tar.gz         | sandbox |
      | wget -m https://site.example.com/                          | sandbox |
      | wget -c https://ftp.ensembl.org/pub/current_gtf/x.gtf.gz   | allow   |
