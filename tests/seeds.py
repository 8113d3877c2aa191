"""The seed of every host the tests start (`HostConfig.seed`, `havana host --seed`):
every game a test plays over the network is the same deal on every run."""

HOST_SEED = 20261124
