// A shared-library step whose call runs a whole Declarative pipeline.
def call(Map config) {
    pipeline {
        agent { label config.agent ?: 'linux' }
        stages {
            stage('Deploy') {
                steps {
                    sh "./deploy.sh ${config.service}"
                }
            }
        }
        post {
            failure {
                echo "deploy of ${config.service} failed"
            }
        }
    }
}
