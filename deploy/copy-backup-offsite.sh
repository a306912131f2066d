#!/bin/sh
# A BACKUP_COMMAND: copies the verified backup the server just wrote (its path is "$1") off the machine
# with rclone, to any remote rclone knows (S3, Backblaze B2, Google Drive, an SFTP server, ...).
#
#   BACKUP_COMMAND=/srv/chapter-site/app/deploy/copy-backup-offsite.sh     (in /etc/chapter-site.env)
#   BACKUP_REMOTE=offsite:chapter-backups                                   (a remote from `rclone config`)
#   RCLONE_CONFIG=/srv/chapter-site/data/rclone.conf                        (readable by the service's user)
#
# A non-zero exit (rclone's own) is reported by the server as a failed backup: logged as an error, shown on
# the administrator's dashboard and in /api/health. The copies kept at the remote are the remote's affair
# (for example a lifecycle rule that deletes them after 90 days).
set -eu
file="$1"
remote="${BACKUP_REMOTE:?set BACKUP_REMOTE, for example offsite:chapter-backups}"
exec rclone copy --quiet --no-traverse "$file" "$remote"
