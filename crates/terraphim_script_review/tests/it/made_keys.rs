//! Key material a script makes for the project's own certificates: not a secret it reads.
//! Each lowered shape sits beside the nearby one that is still flagged.

use Language::{Python as Py, Shell as Sh};
use Verdict::{Clean, Dangerous, Suspicious};
use terraphim_script_review::{Language, Verdict};

use crate::rules::check_all as check_rows;

/// A key `openssl` or `ssh-keygen` makes in the project or a temporary directory (`-out`,
/// `-keyout`, `ssh-keygen -f`) and signs with (`-key`, `-CAkey`) is the project's own key
/// material, as is the certificate it reads back (`x509 -in`). A key under the home, a key
/// already in the project that the script did not make, or one printed is still a key read.
#[test]
fn keys_made_for_the_project_are_not_read_secrets() {
    check_rows(&[
        (
            Sh,
            "mkdir -p tls\nopenssl ecparam -name prime256v1 -genkey -noout -out tls/root.key\nopenssl req -x509 -new -key tls/root.key -subj /CN=devroot -days 90 -out tls/root.pem\nopenssl req -new -newkey rsa:2048 -nodes -keyout tls/web.key -subj /CN=web.localhost -out tls/web.csr\nopenssl x509 -req -in tls/web.csr -CA tls/root.pem -CAkey tls/root.key -CAcreateserial -out tls/web.pem -days 30\nopenssl x509 -in tls/web.pem -noout -enddate\n",
            Clean,
            "",
        ),
        (
            Py,
            "import subprocess\nsubprocess.run(['openssl', 'genpkey', '-algorithm', 'ED25519', '-out', 'build/signing.key'], check=True)\n",
            Clean,
            "",
        ),
        (
            Py,
            "import subprocess\nimport sys\nfrom pathlib import Path\n\ndef tool(*args):\n    subprocess.run(['openssl', *args], check=True)\n\ndef issue(host):\n    key = Path('pki') / f'{host}.key'\n    crt = Path('pki') / f'{host}.crt'\n    tool('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', str(key))\n    tool('req', '-x509', '-new', '-key', str(key), '-subj', f'/CN={host}', '-out', str(crt))\n    tool('verify', '-CAfile', str(crt), str(crt))\n\nissue(sys.argv[1])\n",
            Clean,
            "",
        ),
        (
            Py,
            "import subprocess\nimport sys\nfrom pathlib import Path\n\nkey = Path('pki') / f'{sys.argv[1]}.key'\nsubprocess.run(['openssl', 'req', '-new', '-key', str(key), '-subj', '/CN=svc', '-out', 'pki/svc.csr'], check=True)\n",
            Suspicious,
            "secret-read",
        ),
        (
            Sh,
            "dir=$(mktemp -d)\nssh-keygen -t ed25519 -N '' -q -f \"$dir/fixture_key\"\n",
            Clean,
            "",
        ),
        (
            Sh,
            "openssl req -new -key ~/.ssh/id_rsa -subj /CN=me -out me.csr\n",
            Suspicious,
            "secret-read",
        ),
        (
            Sh,
            "openssl req -new -key tls/kept.key -subj /CN=api.localhost -out tls/api.csr\n",
            Suspicious,
            "secret-read",
        ),
        (
            Sh,
            "openssl genpkey -algorithm ED25519 -out tls/root.key\nopenssl pkey -in tls/root.key -text\n",
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            "ssh-keygen -t ed25519 -N '' -f ~/.ssh/id_ed25519_extra\n",
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            "ssh-keygen -y -f ./keys/deploy_ed25519.key\n",
            Dangerous,
            "exfiltration",
        ),
    ]);
}
