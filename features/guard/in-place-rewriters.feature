Feature: programs that rewrite the files they are given in place
  Line-ending converters, sd, fastmod, ImageMagick's mogrify and -write, and iconv -o write the
  files they name: a trust anchor or an operating system file among them is denied, as a redirect
  to it is. A line-ending conversion or an sd substitution in the project's own source files is
  the edit the agent's file tool makes and runs. An image tool's script is a program whose files
  the line does not name, so it is confined.

  Scenario Outline: an in-place rewrite of a trust anchor or a system file is denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                           | verdict |
      | dos2unix ~/.bashrc                                | deny    |
      | unix2dos -q .git/hooks/pre-push                   | deny    |
      | sd -F 'allow' 'deny' .claude/settings.json        | deny    |
      | mogrify -resize 50% ~/.zshrc                      | deny    |
      | magick in.png -write ~/.bashrc out.png            | deny    |
      | iconv -f latin1 -t utf-8 -o /etc/issue notes/a.txt | deny   |
      | dos2unix -n ~/.profile build/profile.txt          | sandbox |
      | sd -p 'a' 'b' .git/hooks/pre-push                 | sandbox |

  Scenario Outline: line endings and substitutions in project sources run, elsewhere they are held
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                          | verdict |
      | dos2unix scripts/build.sh scripts/release.sh     | allow   |
      | sd 'oldName' 'newName' src/app.ts src/util.ts    | allow   |
      | dos2unix data/export.csv                         | sandbox |
      | dos2unix ../other/scripts/build.sh               | sandbox |
      | git ls-files '*.sh' \| xargs dos2unix            | sandbox |
      | sd 'a' 'b' ~/notes/todo.md                       | sandbox |

  Scenario Outline: an image tool's script is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                          | verdict |
      | magick -script build/resize.msl                  | sandbox |
      | gm batch tools/thumbs.gm                         | sandbox |
      | magick assets/logo.png -resize 50% build/logo.png | allow  |
